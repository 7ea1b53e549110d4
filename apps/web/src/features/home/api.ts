import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';
import { initialDataOptions } from '../../lib/initial-data/initialData';

const ProductsQuery = graphql(`
  query Products {
    products { id name tagline description logo path }
  }
`);

export type Product = ResultOf<typeof ProductsQuery>['products'][number];

export function useProducts() {
  return useQuery({ queryKey: ['products'], queryFn: async () => (await request(ProductsQuery, {})).products, ...initialDataOptions<Product[]>('products') });
}
