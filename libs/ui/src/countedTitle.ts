/**
 * A list's heading with how many rows match, once the server has said: while the first page
 * loads it is the title alone, not a '(0)' that reads as an empty list.
 */
export function countedTitle(title: string, list: { total: number } | undefined): string {
  return list ? `${title} (${list.total})` : title;
}
