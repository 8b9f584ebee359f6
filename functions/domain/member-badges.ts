/**
 * What a public page may say about a bidder beside their username (docs/product.md, "Bidder
 * badges"): the month they joined and whether the account was new, under 30 days old, when it placed
 * the bid (a winner: when the auction ended). Nothing else about a person. Pure: times are parameters.
 */
export const NEW_MEMBER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface MemberBadge {
  /** "2026-11": the UTC year and month the account was created. */
  memberSince: string;
  isNew: boolean;
}

export function memberBadge(createdAtMs: number, atMs: number): MemberBadge {
  return {
    memberSince: new Date(createdAtMs).toISOString().slice(0, 7),
    isNew: atMs - createdAtMs < NEW_MEMBER_DAYS * DAY_MS,
  };
}
