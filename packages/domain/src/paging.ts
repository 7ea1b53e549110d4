/**
 * The spec's page info (part 2 section 3: data, currentPage, pageSize, totalCount, totalPages) for
 * a list asked with `skip` and `limit`. Pages count from 1; a skip inside a page counts as that page.
 */
export interface PageInfo {
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export function pageInfo(skip: number, limit: number, totalCount: number): PageInfo {
  return {
    currentPage: Math.floor(skip / limit) + 1,
    pageSize: limit,
    totalCount,
    totalPages: Math.ceil(totalCount / limit),
  };
}
