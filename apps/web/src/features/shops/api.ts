import type {
  AdminProfileList,
  MyProfiles,
  Profile,
  ProfileCardList,
  ProfileCreate,
  ProfileDecision,
  ProfileKind,
  ProfileUpdate,
} from '@marketplace/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** Query keys of the shop and provider pages. */
export const shopKeys = {
  all: ['profiles'] as const,
  profile: (id: string) => ['profiles', 'one', id] as const,
  mine: ['profiles', 'me'] as const,
  admin: ['profiles', 'admin'] as const,
  directory: (params: string) => ['profiles', 'directory', params] as const,
};

/** Whether `error` says there is no such (public) profile: not asked again. */
const missing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);

/**
 * `GET /api/profiles/{id}`: one profile (approved ones for everyone, the own one in any state).
 * An unknown one is not asked for again, also not on mount after the server rendered it.
 */
export function profileQuery(id: string) {
  return queryOptions({
    queryKey: shopKeys.profile(id),
    queryFn: ({ signal }) => apiFetch<Profile>(`/api/profiles/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
    retry: (failures, error) => failures < 1 && !missing(error),
    retryOnMount: (query) => !missing(query.state.error),
  });
}

/** One profile ({@link profileQuery}). */
export function useProfile(id: string) {
  return useQuery(profileQuery(id));
}

/** The shop and provider pages' first answers as they ask for them (for the server that renders them). */
export const shopQueries = { profile: profileQuery };

/** `GET /api/profiles/me`: the member's shop and provider profile. */
export function useMyProfiles(enabled = true) {
  return useQuery({
    queryKey: shopKeys.mine,
    queryFn: ({ signal }) => apiFetch<MyProfiles>('/api/profiles/me', { signal }),
    enabled,
  });
}

/** `POST /api/profiles`: registers a shop or provider profile for review. @throws ApiError 409, 422 */
export function useCreateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileCreate) => apiFetch<Profile>('/api/profiles', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** `PATCH /api/profiles/{id}`: the owner's changes. @throws ApiError 403, 422 */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProfileUpdate }) =>
      apiFetch<Profile>(`/api/profiles/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** `POST /api/upload`: one logo or photo; answers its URL. @throws ApiError 413, 415 */
export async function uploadProfileImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await apiFetch<{ url: string }>('/api/upload', { method: 'POST', body: form })).url;
}

/** `GET /api/admin/profiles`: the profiles waiting for a decision (ADMIN). */
export function useAdminProfiles() {
  return useQuery({
    queryKey: shopKeys.admin,
    queryFn: ({ signal }) => apiFetch<AdminProfileList>('/api/admin/profiles?status=pending', { signal }),
  });
}

/** `POST /api/admin/profiles/{id}/decision` (ADMIN). @throws ApiError 409, 422 */
export function useDecideProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProfileDecision }) =>
      apiFetch<Profile>(`/api/admin/profiles/${encodeURIComponent(id)}/decision`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** The directory's filters of a kind (contract `profileListQuerySchema`). */
export interface DirectoryFilters {
  kind: ProfileKind;
  q: string;
  category: string;
  near: string;
  radius: number;
  sort: '' | 'distance' | 'rating' | 'listings';
}

/** `GET /api/profiles`: the directory's approved shops or providers, 20 a page, more on demand. */
export function directoryQuery(filters: DirectoryFilters) {
  const params = new URLSearchParams({ kind: filters.kind });
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.near) {
    params.set('near', filters.near);
    params.set('radius_km', String(filters.radius));
  }
  if (filters.sort) params.set('sort', filters.sort);
  const key = params.toString();
  return infiniteQueryOptions({
    queryKey: shopKeys.directory(key),
    queryFn: ({ pageParam, signal }) => {
      const page = new URLSearchParams(key);
      page.set('page', String(pageParam));
      return apiFetch<ProfileCardList>(`/api/profiles?${page.toString()}`, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last: ProfileCardList) =>
      last.page * last.page_size < last.total && last.page < 50 ? last.page + 1 : undefined,
    retry: (failures, error) => failures < 1 && !missing(error),
  });
}

/** The directory ({@link directoryQuery}). */
export function useDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery(directoryQuery(filters));
}

/**
 * Writes to a profile's owner in the chat: starts (or finds) the conversation with the member
 * (`POST /api/chat/conversations` with `user_id`) and sends `content` as its message.
 * @returns the conversation's id, for `/chat?conversation={id}`
 * @throws ApiError
 */
export async function sendQuoteRequest(ownerId: string, content: string): Promise<string> {
  const conversation = await apiFetch<{ id: string }>('/api/chat/conversations', {
    method: 'POST',
    body: { user_id: ownerId },
  });
  await apiFetch(`/api/chat/conversations/${encodeURIComponent(conversation.id)}/messages`, {
    method: 'POST',
    body: { client_id: crypto.randomUUID(), content },
  });
  return conversation.id;
}
