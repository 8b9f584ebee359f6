import { useEffect, useRef } from "react";

/**
 * Starts a request once per mount (a payment intent must not be created twice because React ran an
 * effect twice) and reports its outcome only while the component is still mounted.
 */
export function useRequestOnce<T>(
  start: () => Promise<T>,
  handlers: { onSuccess(value: T): void; onError(error: unknown): void },
): void {
  const request = useRef<Promise<T> | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  const startRef = useRef(start);

  useEffect(() => {
    let mounted = true;
    request.current ??= startRef.current();
    request.current.then(
      (value) => mounted && latest.current.onSuccess(value),
      (error: unknown) => mounted && latest.current.onError(error),
    );
    return () => {
      mounted = false;
    };
  }, []);
}
