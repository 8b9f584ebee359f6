import { useQuery } from "@tanstack/react-query";
import { bidPackagesQuery } from "@web/lib/bid-packages.ts";

/** `enabled: false` keeps a closed modal from fetching. */
export function useBidPackages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bidPackagesQuery(), enabled });
}
