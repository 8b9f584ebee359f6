import { cn } from "@web/lib/utils.ts";
import type * as React from "react";

type StyledPart<T extends React.ElementType> = ((
  props: React.ComponentProps<T> & { className?: string },
) => React.JSX.Element) & { displayName: string };

interface Options {
  /** What the part renders inside, around the caller's children (an icon, an indicator). */
  renderChildren?: (children: React.ReactNode) => React.ReactNode;
}

/**
 * The one shape of our Radix (or plain HTML) wrappers: the same part and props, with the house classes
 * first so that a caller's `className` still wins. Refs pass through as props (React 19).
 */
export function withClassName<T extends React.ElementType>(
  Component: T,
  classes: string,
  displayName: string,
  { renderChildren }: Options = {},
): StyledPart<T> {
  const Part: React.ElementType = Component;
  function Styled({ className, children, ...props }: React.ComponentProps<T> & { className?: string }) {
    return (
      <Part className={cn(classes, className)} {...props}>
        {renderChildren ? renderChildren(children) : children}
      </Part>
    );
  }
  Styled.displayName = displayName;
  return Styled;
}

type StyledParts<Prefix extends string, K extends string, P extends Record<K, React.ElementType>> = {
  [Part in K as `${Prefix}${Part}`]: StyledPart<P[Part]>;
};

/**
 * `withClassName` for several parts of one Radix primitive: `classes` maps a part's name (`List` of
 * `Tabs`) to its house classes, and each styled part comes back named `prefix + part` (`TabsList`).
 */
export function styleParts<Prefix extends string, K extends string, P extends Record<K, React.ElementType>>(
  prefix: Prefix,
  primitive: P,
  classes: Record<K, string>,
): StyledParts<Prefix, K, P> {
  const styled: Record<string, unknown> = {};
  for (const part of Object.keys(classes) as K[]) {
    styled[`${prefix}${part}`] = withClassName(primitive[part], classes[part], `${prefix}${part}`);
  }
  return styled as StyledParts<Prefix, K, P>;
}
