/**
 * "1 bid", "2 bids", "0 bids": every count the screens and messages show goes through here, so no
 * page says "1 bids". English plurals of the words used are regular unless `many` is given.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
