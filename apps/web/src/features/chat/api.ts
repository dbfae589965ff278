import {
  type AppointmentProposal,
  type ChatConversation,
  type ChatConversationStart,
  type ChatMessage,
  type ChatMessageCreate,
  type ChatMessageList,
  type ChatOfferResult,
  type ChatRatingBody,
  type ChatReportBody,
  chatConversationListSchema,
  chatConversationSchema,
  chatMessageListSchema,
  chatMessageSchema,
  chatOfferResultSchema,
  chatReadResultSchema,
  uploadResponseSchema,
} from '@marketplace/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { reputationKey } from '../../components/MemberReputation.tsx';
import { apiFetch } from '../../lib/api.ts';
import { NOTIFICATION_REFRESH_MS } from '../../lib/constants.ts';
import { chatKeys, invalidateChatAfterMessage } from './unread.ts';

export { chatKeys };

const base = '/api/chat/conversations';
const conversationPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** `GET /api/chat/conversations`: the member's conversations, newest activity first. @throws ApiError */
export async function fetchConversations(signal?: AbortSignal): Promise<ChatConversation[]> {
  return chatConversationListSchema.parse(await apiFetch(base, { signal })).conversations;
}

/** `GET /api/chat/conversations/{id}`: one conversation from the caller's side. @throws ApiError 404 */
export async function fetchConversation(id: string, signal?: AbortSignal): Promise<ChatConversation> {
  return chatConversationSchema.parse(await apiFetch(conversationPath(id), { signal }));
}

/**
 * `POST /api/chat/conversations` with `{listing_id}` (write to the seller about the ad) or
 * `{user_id}` (write to a member): the existing conversation or a new one.
 * @throws ApiError (400 for the own ad, 404 for an unknown ad or member)
 */
export async function startConversation(body: ChatConversationStart): Promise<ChatConversation> {
  return chatConversationSchema.parse(await apiFetch(base, { method: 'POST', body }));
}

/**
 * `GET /api/chat/conversations/{id}/messages`: the newest page, or the page before the message
 * `before` (older); oldest first within the page. @throws ApiError
 */
export async function fetchMessages(
  id: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<ChatMessageList> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return chatMessageListSchema.parse(await apiFetch(`${conversationPath(id)}/messages${query}`, { signal }));
}

/**
 * `POST /api/chat/conversations/{id}/messages`: sends text, a photo or an offer. The body's
 * `client_id` makes a retry answer the stored message instead of storing it twice.
 * @throws ApiError (403 blocked, 422 invalid, 429 too many messages)
 */
export async function sendMessage(id: string, body: ChatMessageCreate): Promise<ChatMessage> {
  return chatMessageSchema.parse(
    await apiFetch(`${conversationPath(id)}/messages`, { method: 'POST', body }),
  );
}

/**
 * An answer to an open offer: accept (the seller with `reserve` also reserves the ad for the
 * buyer), decline, or counter with `amount` euros.
 */
export type OfferAnswer =
  | { action: 'accept'; offerId: string; clientId: string; reserve: boolean }
  | { action: 'decline'; offerId: string; clientId: string }
  | { action: 'counter'; offerId: string; clientId: string; amount: number };

/**
 * `POST …/offers` (a new offer of `amount` euros) and `POST …/offers/{offerId}/accept|decline|counter`.
 * @returns the new message, and `reserved` true when the ad is reserved now (an accept with `reserve`)
 * @throws ApiError (400 when the offer is no longer open, 403 when not allowed)
 */
export async function postOffer(
  id: string,
  step: { action: 'offer'; amount: number; clientId: string } | OfferAnswer,
): Promise<ChatOfferResult> {
  const path =
    step.action === 'offer'
      ? `${conversationPath(id)}/offers`
      : `${conversationPath(id)}/offers/${encodeURIComponent(step.offerId)}/${step.action}`;
  const body =
    step.action === 'offer' || step.action === 'counter'
      ? { amount: step.amount, client_id: step.clientId }
      : step.action === 'accept'
        ? { reserve: step.reserve, client_id: step.clientId }
        : { client_id: step.clientId };
  return chatOfferResultSchema.parse(await apiFetch(path, { method: 'POST', body }));
}

/** A step of an appointment: a proposal, another time for an open one, or an answer with an optional note. */
export type AppointmentStep = { clientId: string } & (
  | { action: 'propose'; body: AppointmentProposal }
  | { action: 'counter'; appointmentId: string; body: AppointmentProposal }
  | { action: 'accept' | 'decline' | 'cancel'; appointmentId: string; note?: string }
);

/**
 * `POST …/appointments` and `POST …/appointments/{appointmentId}/counter|accept|decline|cancel`
 * (contract `calendar.ts`), with the step's `client_id` (kept for its retries).
 * @returns the step's message with the appointment as it stands now
 * @throws ApiError (409 when the appointment was answered or cancelled, 422 for a past time)
 */
export async function postAppointmentStep(id: string, step: AppointmentStep): Promise<ChatMessage> {
  const appointments = `${conversationPath(id)}/appointments`;
  const clientId = step.clientId;
  const [path, body] =
    step.action === 'propose'
      ? [appointments, { ...step.body, client_id: clientId }]
      : step.action === 'counter'
        ? [
            `${appointments}/${encodeURIComponent(step.appointmentId)}/counter`,
            { ...step.body, client_id: clientId },
          ]
        : [
            `${appointments}/${encodeURIComponent(step.appointmentId)}/${step.action}`,
            { ...(step.note ? { note: step.note } : {}), client_id: clientId },
          ];
  return chatMessageSchema.parse(await apiFetch(path, { method: 'POST', body }));
}

/** `POST /api/chat/conversations/{id}/read`: marks the other member's messages read; the new badge count. */
export async function markConversationRead(id: string): Promise<number> {
  return chatReadResultSchema.parse(await apiFetch(`${conversationPath(id)}/read`, { method: 'POST' }))
    .unread_count;
}

/** `POST` (block) or `DELETE` (unblock) `/api/chat/conversations/{id}/block`. @throws ApiError */
export async function setBlocked(id: string, blocked: boolean): Promise<void> {
  await apiFetch(`${conversationPath(id)}/block`, { method: blocked ? 'POST' : 'DELETE' });
}

/** `POST /api/chat/conversations/{id}/report`: reports the conversation to the moderators. @throws ApiError */
export async function reportConversation(id: string, body: ChatReportBody): Promise<void> {
  await apiFetch(`${conversationPath(id)}/report`, { method: 'POST', body });
}

/**
 * `POST /api/chat/conversations/{id}/reserve`: the seller marks the conversation's ad reserved
 * ('Als reserviert markieren'). @returns the conversation afterwards @throws ApiError (403, 409)
 */
export async function reserveListing(id: string): Promise<ChatConversation> {
  return chatConversationSchema.parse(await apiFetch(`${conversationPath(id)}/reserve`, { method: 'POST' }));
}

/** `POST /api/chat/conversations/{id}/rating`: 1–5 stars and an optional text. @throws ApiError (400, 409) */
export async function rateMember(id: string, body: ChatRatingBody): Promise<void> {
  await apiFetch(`${conversationPath(id)}/rating`, { method: 'POST', body });
}

/**
 * `POST /api/upload` with the photo in the field `file` (ARCHITECTURE.md): its same-origin URL.
 * @throws ApiError on a non-OK answer
 */
export async function uploadChatPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return uploadResponseSchema.parse(await apiFetch('/api/upload', { method: 'POST', body: form })).url;
}

/** The conversation list, refreshed every 30 s and on every live message. */
export function useConversations() {
  return useQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => fetchConversations(signal),
    refetchInterval: NOTIFICATION_REFRESH_MS,
  });
}

/** One conversation; the list's entry shows at once while it loads. */
export function useConversation(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.conversation(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    initialData: () =>
      queryClient.getQueryData<ChatConversation[]>(chatKeys.conversations)?.find((c) => c.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(chatKeys.conversations)?.dataUpdatedAt,
  });
}

/**
 * The messages of conversation `id` as pages: the first page holds the newest, each further page
 * older ones (loaded when scrolling up). Refreshed every 30 s (read marks) and on live messages.
 */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(id),
    queryFn: ({ pageParam, signal }) => fetchMessages(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.has_more ? (page.messages[0]?.id ?? null) : null),
    refetchInterval: NOTIFICATION_REFRESH_MS,
  });
}

/** Messages of the loaded pages, oldest first (the newest at the bottom). */
export function messagesOldestFirst(data: InfiniteData<ChatMessageList> | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/** Puts a stored message into the newest page of its conversation (if not there yet). */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<InfiniteData<ChatMessageList, string | null>>(
    chatKeys.messages(message.conversation_id),
    (data) => {
      const [newest, ...older] = data?.pages ?? [];
      if (!data || !newest) return data;
      if (newest.messages.some((m) => m.id === message.id)) return data;
      return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
    },
  );
}

/** Refetches the list, the conversation and its messages after a change made here. */
function refreshConversation(queryClient: QueryClient, id: string): Promise<void> {
  return invalidateChatAfterMessage(queryClient, id);
}

/** Marks conversation `id` read and updates the badge with the server's count. */
export function useMarkConversationRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(id),
    onSuccess: (unread) => {
      queryClient.setQueryData(chatKeys.unread, unread);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(id) });
    },
  });
}

/** Offer steps in conversation `id`; the new message shows at once, then everything refetches. */
export function useOfferStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: Parameters<typeof postOffer>[1]) => postOffer(id, step),
    onSuccess: (result) => addMessageToCache(queryClient, result.message),
    onSettled: () => refreshConversation(queryClient, id),
  });
}

/** Appointment steps in conversation `id`; the new message shows at once, then the chat and the calendar refetch. */
export function useAppointmentStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: AppointmentStep) => postAppointmentStep(id, step),
    onSuccess: (message) => addMessageToCache(queryClient, message),
    onSettled: async () => {
      // /calendar shows the appointment's new state when opened next (its queries start with 'calendar').
      void queryClient.invalidateQueries({ queryKey: ['calendar'] });
      await refreshConversation(queryClient, id);
    },
  });
}

/** 'Blockieren' / 'Blockierung aufheben' in conversation `id`. */
export function useSetBlocked(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlocked(id, blocked),
    onSettled: () => refreshConversation(queryClient, id),
  });
}

/** 'Melden' of conversation `id`. */
export function useReportConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatReportBody) => reportConversation(id, body),
    onSuccess: () => refreshConversation(queryClient, id),
  });
}

/**
 * 'Bewerten' of member `otherId` in conversation `id`; afterwards the member's reputation (the
 * header's stars, every card of the member) is read again.
 */
export function useRateMember(id: string, otherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatRatingBody) => rateMember(id, body),
    onSuccess: () =>
      Promise.all([
        refreshConversation(queryClient, id),
        queryClient.invalidateQueries({ queryKey: reputationKey(otherId) }),
      ]),
  });
}

/** 'Als reserviert markieren' of the ad of conversation `id` (the seller). */
export function useReserveListing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reserveListing(id),
    onSuccess: (conversation) => queryClient.setQueryData(chatKeys.conversation(id), conversation),
    onSettled: () => refreshConversation(queryClient, id),
  });
}
