import type { PageInfo } from '@fhp/domain';
import type { ObjectRef } from '@pothos/core';
import { builder } from './builder';

/**
 * The spec's paging answer (part 2 section 3, "Page info": data, currentPage, pageSize, totalCount,
 * totalPages), one GraphQL object per list, named `name`, its `data` of `item`.
 */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

export function pageRef<T>(name: string, item: ObjectRef<Types, T>, description?: string) {
  return builder.objectRef<PageInfo & { data: T[] }>(name).implement({
    description,
    fields: (t) => ({
      data: t.field({ type: [item], resolve: (page) => page.data }),
      currentPage: t.exposeInt('currentPage'),
      pageSize: t.exposeInt('pageSize'),
      totalCount: t.exposeInt('totalCount'),
      totalPages: t.exposeInt('totalPages'),
    }),
  });
}
