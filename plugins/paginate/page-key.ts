/**
 * What makes two page URLs the same page, for cycle detection: the URL without its fragment
 * (never sent to the server) and with its query parameters in one order (sorted by name,
 * stable for repeated names, whose order can matter). `?page=2&per_page=100#x` and
 * `?per_page=100&page=2` are one page.
 */
export function pageKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    parsed.searchParams.sort();
    return parsed.href;
  } catch {
    return url;
  }
}
