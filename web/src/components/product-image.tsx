import { cn } from "@web/lib/utils.ts";
import { ImageOff } from "lucide-react";
import { useState } from "react";

/**
 * A product photo; a neutral placeholder when the URL does not load. `priority`: the page's main image
 * (its largest paint), fetched at once instead of lazily.
 */
export function ProductImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <div className={cn("flex items-center justify-center bg-muted text-muted-foreground", className)}>
        <ImageOff className="size-10" aria-label={alt} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      className={className}
      onError={() => setFailedSrc(src)}
    />
  );
}

const FRAME = "shrink-0 rounded-lg border border-border bg-muted object-cover";

/** A product's own photo, named by the product; `frame`: the rounded, bordered thumbnail of the lists. */
export function ProductPhoto({
  product,
  frame = false,
  className,
  priority,
}: {
  product: { imageUrl: string; name: string };
  frame?: boolean;
  className?: string;
  priority?: boolean;
}) {
  return (
    <ProductImage
      src={product.imageUrl}
      alt={product.name}
      className={frame ? cn(className, FRAME) : className}
      {...(priority ? { priority } : {})}
    />
  );
}
