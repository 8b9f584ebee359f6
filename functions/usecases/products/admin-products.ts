import type { ApprovalStatus } from "#shared/constants";
import { APPROVAL_STATUSES } from "#shared/constants";
import type { AdminCreateProductInput, AdminProduct } from "#shared/schemas/admin";
import { mapPage, type Page, type PageRequest } from "#shared/schemas/pages";
import { matchesSearch } from "#shared/search";
import {
  createProduct,
  listProductsByStatus,
  listProductsPage,
  type ProductRecord,
  searchProductsPage,
} from "../../adapters/dynamo/products-repo.ts";
import { ensurePlatformSeller, getSellers } from "../../adapters/dynamo/sellers-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { unauthorized } from "../../domain/errors.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { toProductView } from "../views/product-view.ts";

/** Products with their seller's business name, for the admin panel. */
export async function toAdminProducts(products: ProductRecord[]): Promise<AdminProduct[]> {
  const [sellers, spot] = await Promise.all([
    getSellers(products.map((p) => p.sellerId)),
    freshSpotPrices(Date.now()),
  ]);
  return products.map((product) => ({
    ...toProductView(product, spot),
    seller: { businessName: sellers.get(product.sellerId)?.businessName ?? "Unknown seller" },
  }));
}

/** Every product whatever its status, newest first. */
export async function listAllProducts(): Promise<AdminProduct[]> {
  const lists = await Promise.all(APPROVAL_STATUSES.map((status) => listProductsByStatus(status)));
  const products = lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return toAdminProducts(products);
}

/** One page of every product, newest first. */
export async function listAllProductsPage(page: PageRequest): Promise<Page<AdminProduct>> {
  return mapPage(await listProductsPage(APPROVAL_STATUSES, page, { newestFirst: true }), toAdminProducts);
}

/**
 * One page of the products in `statuses` whose name or metal holds every word of `q` (the seller's
 * name is not searched: it lives on another item), newest first or, for the review queue, oldest first.
 */
export async function searchProductsListPage(
  statuses: readonly ApprovalStatus[],
  page: PageRequest & { q: string },
  newestFirst: boolean,
): Promise<Page<AdminProduct>> {
  const found = await searchProductsPage(statuses, page, {
    newestFirst,
    matches: (product) => matchesSearch(page.q, product.name, product.metalType),
  });
  return mapPage(found, toAdminProducts);
}

/** One page of the review queue, oldest first. */
export async function listPendingProductsPage(page: PageRequest): Promise<Page<AdminProduct>> {
  return mapPage(await listProductsPage(["pending"], page, { newestFirst: false }), toAdminProducts);
}

/** The review queue, oldest first. */
export async function listPendingProducts(): Promise<AdminProduct[]> {
  return toAdminProducts(await listProductsByStatus("pending"));
}

/**
 * A product the admin lists on the platform's behalf: it belongs to the admin's own approved
 * platform seller profile (created on first use) and, like every product, starts pending, so the one
 * approval step is where every auction starts (docs/decisions.md).
 */
export async function createAdminProduct(
  adminUserId: string,
  input: AdminCreateProductInput,
  now: number,
): Promise<AdminProduct> {
  const admin = await getUser(adminUserId);
  if (!admin) throw unauthorized();
  const seller = await ensurePlatformSeller(admin, now);
  const product = await createProduct({ ...input, sellerId: seller.id }, now);
  return { ...toProductView(product), seller: { businessName: seller.businessName } };
}
