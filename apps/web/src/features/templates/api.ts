import type {
  ListingTemplate,
  ListingTemplateCreate,
  ListingTemplateList,
  ListingTemplateUpdate,
  TextTemplate,
  TextTemplateList,
} from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query key of the member's ad templates; every change invalidates it. */
export const listingTemplatesQueryKey = ['listing-templates'] as const;
/** Query key of the member's text templates; every change invalidates it. */
export const textTemplatesQueryKey = ['text-templates'] as const;

const templateUrl = (kind: 'listing-templates' | 'text-templates', id: string) =>
  `/api/${kind}/${encodeURIComponent(id)}`;

/** `GET /api/listing-templates`: the member's ad templates, last changed first. @throws ApiError */
export function fetchListingTemplates(signal?: AbortSignal): Promise<ListingTemplateList> {
  return apiFetch<ListingTemplateList>('/api/listing-templates', { signal });
}

/** `GET /api/listing-templates/{id}`: one of the member's ad templates. @throws ApiError (404) */
export function fetchListingTemplate(id: string, signal?: AbortSignal): Promise<ListingTemplate> {
  return apiFetch<ListingTemplate>(templateUrl('listing-templates', id), { signal });
}

/** The member's ad templates. */
export function useListingTemplates() {
  return useQuery({
    queryKey: listingTemplatesQueryKey,
    queryFn: ({ signal }) => fetchListingTemplates(signal),
  });
}

/** One ad template while `id` is given (the ad form's `?template=`). */
export function useListingTemplate(id: string | null) {
  return useQuery({
    queryKey: [...listingTemplatesQueryKey, id],
    queryFn: ({ signal }) => fetchListingTemplate(id ?? '', signal),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Saving, renaming and deleting ad templates; each refetches the list afterwards. */
export function useListingTemplateMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: listingTemplatesQueryKey });
  return {
    create: useMutation({
      mutationFn: (body: ListingTemplateCreate) =>
        apiFetch<ListingTemplate>('/api/listing-templates', { method: 'POST', body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ListingTemplateUpdate }) =>
        apiFetch<ListingTemplate>(templateUrl('listing-templates', id), { method: 'PATCH', body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await apiFetch(templateUrl('listing-templates', id), { method: 'DELETE' });
      },
      onSettled,
    }),
  };
}

/** `GET /api/text-templates`: the member's text templates in order (the defaults on the first call). */
export function useTextTemplates(enabled = true) {
  return useQuery({
    queryKey: textTemplatesQueryKey,
    queryFn: ({ signal }) => apiFetch<TextTemplateList>('/api/text-templates', { signal }),
    enabled,
  });
}

/** Adding, changing, reordering and deleting text templates; each refetches the list afterwards. */
export function useTextTemplateMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: textTemplatesQueryKey });
  return {
    create: useMutation({
      mutationFn: (text: string) =>
        apiFetch<TextTemplate>('/api/text-templates', { method: 'POST', body: { text } }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, text }: { id: string; text: string }) =>
        apiFetch<TextTemplate>(templateUrl('text-templates', id), { method: 'PATCH', body: { text } }),
      onSettled,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) =>
        apiFetch<TextTemplateList>('/api/text-templates/order', { method: 'PUT', body: { ids } }),
      onSuccess: (list) => queryClient.setQueryData(textTemplatesQueryKey, list),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await apiFetch(templateUrl('text-templates', id), { method: 'DELETE' });
      },
      onSettled,
    }),
  };
}
