import { useListMyOrdersQuery } from '@/features/orders/api/orders-api';

// The signed-in customer's orders still in search (what they may invite a performer to); undefined while loading.
export function useOpenOrders(): { id: number; name: string }[] | undefined {
  const { data } = useListMyOrdersQuery({ as: 'customer', state: 'search', limit: 50 });
  return data?.items;
}
