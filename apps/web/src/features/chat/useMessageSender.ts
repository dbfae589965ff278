import type { ChatMessageCreate } from '@marketplace/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { addMessageToCache, chatKeys, sendMessage } from './api.ts';

/** A message on its way: shown below the stored ones until the server has it. */
export interface PendingMessage {
  clientId: string;
  body: ChatMessageCreate;
  state: 'sending' | 'failed';
  /** Why it failed (the server's detail or a general text); null while sending. */
  error: string | null;
}

/**
 * A UUID for one message, made once and kept for its retries so the server stores it once.
 * `crypto.randomUUID` exists only in secure contexts; elsewhere the same format comes from
 * `crypto.getRandomValues`.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sending in conversation `conversationId`: `send` gives the message a client id
 * (`crypto.randomUUID`) and posts it; a failed message stays with its error and `retry` posts it
 * again with the same id, so the server never stores it twice. Stored messages go into the
 * message cache at once; the conversation list and badge refetch.
 */
export function useMessageSender(conversationId: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const deliver = useCallback(
    async (message: PendingMessage) => {
      setPending((list) => [
        ...list.filter((item) => item.clientId !== message.clientId),
        { ...message, state: 'sending', error: null },
      ]);
      try {
        const stored = await sendMessage(conversationId, message.body);
        // A fetch of the messages that started before the message was stored answers without it:
        // it is stopped, and a first load that had not arrived yet is asked again.
        const messagesKey = chatKeys.messages(conversationId);
        await queryClient.cancelQueries({ queryKey: messagesKey });
        addMessageToCache(queryClient, stored);
        if (queryClient.getQueryData(messagesKey) === undefined) {
          void queryClient.invalidateQueries({ queryKey: messagesKey });
        }
        setPending((list) => list.filter((item) => item.clientId !== message.clientId));
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) });
      } catch (error) {
        setPending((list) =>
          list.map((item) =>
            item.clientId === message.clientId
              ? { ...item, state: 'failed', error: errorDetailOr(error, de.chat.sendFailed) }
              : item,
          ),
        );
      }
    },
    [conversationId, queryClient],
  );

  const send = useCallback(
    (body: Omit<ChatMessageCreate, 'client_id'>) => {
      const clientId = newClientId();
      void deliver({ clientId, body: { ...body, client_id: clientId }, state: 'sending', error: null });
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const message = pending.find((item) => item.clientId === clientId);
      if (message) void deliver(message);
    },
    [deliver, pending],
  );

  return { pending, send, retry };
}
