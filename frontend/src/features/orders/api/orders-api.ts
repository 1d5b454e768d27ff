import { ordersGeneratedApi } from '@/features/orders/api/orders.generated';

export type { ListOrdersApiArg } from '@/features/orders/api/orders.generated';

const orderTags = (id: number) => [
  { type: 'Order' as const, id },
  { type: 'Order' as const, id: 'LIST' },
];

// The generated endpoints (docs/api/openapi.yaml) with their cache tags: by id plus a LIST tag.
export const ordersApi = ordersGeneratedApi.enhanceEndpoints({
  endpoints: {
    listOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    countOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    listMyOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    listUserOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    getOrder: {
      providesTags: (_result, _error, arg) => [{ type: 'Order', id: arg.id }],
    },
    createOrder: { invalidatesTags: [{ type: 'Order', id: 'LIST' }] },
    updateOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
    // Only the lists: refetching the deleted order itself would just find nothing.
    deleteOrder: { invalidatesTags: [{ type: 'Order', id: 'LIST' }] },
    closeOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
    reopenOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
    completeOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
    // A job offer is a personal order plus its invitation.
    createJobOffer: {
      invalidatesTags: [
        { type: 'Order', id: 'LIST' },
        { type: 'Invitation', id: 'LIST' },
      ],
    },
  },
});

export const {
  useListOrdersQuery,
  useCountOrdersQuery,
  useListMyOrdersQuery,
  useListUserOrdersQuery,
  useGetOrderQuery,
  useCreateOrderMutation,
  useUpdateOrderMutation,
  useDeleteOrderMutation,
  useCloseOrderMutation,
  useReopenOrderMutation,
  useCompleteOrderMutation,
  useCreateJobOfferMutation,
} = ordersApi;
