import type {
  AdminPayments,
  MyPayments,
  Order,
  OrderCreate,
  PaymentOptions,
  TopPromotions,
} from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, errorMessageFor } from '../../lib/api.ts';
import { promotionLabelsQueryKey } from '../../lib/promotionLabels.ts';
import { getSessionToken } from '../../lib/session.ts';

/** Query key of my orders and promotions; ordering invalidates it. */
export const myPaymentsQueryKey = ['payments'] as const;
/** Query key of the ADMINs' payments overview. */
export const adminPaymentsQueryKey = ['admin', 'payments'] as const;

/** `GET /api/payments/options`: price list, methods and why none works. */
export function usePaymentOptions(enabled = true) {
  return useQuery({
    queryKey: ['payments', 'options'],
    queryFn: ({ signal }) => apiFetch<PaymentOptions>('/api/payments/options', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/payments`: my orders and running promotions. */
export function useMyPayments() {
  return useQuery({
    queryKey: myPaymentsQueryKey,
    queryFn: ({ signal }) => apiFetch<MyPayments>('/api/payments', { signal }),
  });
}

/** `POST /api/payments/orders`; refetches my payments afterwards. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCreate) => apiFetch<Order>('/api/payments/orders', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myPaymentsQueryKey }),
  });
}

/**
 * Downloads an invoice or credit note (`GET /api/payments/invoices/{id}/pdf`, with the session
 * token) and saves it as `{number}.pdf`.
 * @throws ApiError on a non-OK answer
 */
export async function downloadInvoice(id: string, number: string): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(`/api/payments/invoices/${encodeURIComponent(id)}/pdf`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, errorMessageFor(response.status, text));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `GET /api/promotions/top`: the Top-Anzeigen above the first results of a list. */
export function useTopListings(filters: { category?: string; q?: string }) {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.q) params.set('q', filters.q);
  return useQuery({
    queryKey: ['promotions', 'top', filters.category ?? '', filters.q ?? ''],
    queryFn: ({ signal }) => apiFetch<TopPromotions>(`/api/promotions/top?${params}`, { signal }),
    staleTime: 30_000,
  });
}

/** `GET /api/admin/payments` (ADMINs). */
export function useAdminPayments() {
  return useQuery({
    queryKey: adminPaymentsQueryKey,
    queryFn: ({ signal }) => apiFetch<AdminPayments>('/api/admin/payments', { signal }),
  });
}

/** An ADMIN records a transfer as received, or cancels an order; both refetch what they change. */
export function useAdminOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'paid' | 'cancel' }) =>
      apiFetch<Order>(`/api/admin/payments/orders/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPaymentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: myPaymentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: promotionLabelsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['promotions'] }),
      ]);
    },
  });
}
