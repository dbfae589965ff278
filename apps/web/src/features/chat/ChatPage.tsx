import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { ApiError, errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { chatKeys, startConversation, useConversation, useConversations } from './api.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationView } from './ConversationView.tsx';

/** Query parameter of the open conversation (also the target of message notifications). */
const CONVERSATION_PARAM = 'conversation';

/**
 * `/chat?listingId={id}` and `/chat?sellerId={id}` (SPEC.md §2): opens the conversation with the
 * ad's seller about that ad, or with that member, starting it when there is none, and replaces
 * the address with `/chat?conversation={id}`. Returns the error text when that failed.
 */
function useStartFromAddress(): string | null {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const listingId = params.get('listingId');
  const sellerId = params.get('sellerId');
  const [error, setError] = useState<string | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    const body = listingId ? { listing_id: listingId } : sellerId ? { user_id: sellerId } : null;
    if (!body) return;
    const key = JSON.stringify(body);
    if (started.current === key) return;
    started.current = key;
    setError(null);
    startConversation(body)
      .then((conversation) => {
        queryClient.setQueryData(chatKeys.conversation(conversation.id), conversation);
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        setParams({ [CONVERSATION_PARAM]: conversation.id }, { replace: true });
      })
      .catch((failure: unknown) => {
        setError(
          failure instanceof ApiError && failure.status === 404
            ? de.chat.notFound
            : errorDetailOr(failure, de.chat.startFailed),
        );
      });
  }, [listingId, sellerId, queryClient, setParams]);

  return error;
}

/** The open conversation, loaded by id (the list's entry shows while it loads). */
function OpenConversation(props: { id: string; myId: string; onBack?: () => void }) {
  const conversation = useConversation(props.id);
  if (conversation.data) {
    return (
      <ConversationView
        key={props.id}
        conversation={conversation.data}
        myId={props.myId}
        onBack={props.onBack}
      />
    );
  }
  if (conversation.isError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {conversation.error instanceof ApiError && conversation.error.status === 404
          ? de.chat.notFound
          : de.chat.loadFailed}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress size={28} />
    </Box>
  );
}

/**
 * /chat (login required; SPEC.md §2): the conversation list beside the open conversation from
 * 900 px up; below, one column: the list, or the conversation with a back button.
 */
export function ChatPage() {
  usePageTitle(de.pages.chat);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const twoColumns = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const conversations = useConversations();
  const startError = useStartFromAddress();
  const selectedId = params.get(CONVERSATION_PARAM);
  const starting = params.has('listingId') || params.has('sellerId');

  const select = (id: string) => setParams({ [CONVERSATION_PARAM]: id });
  const back = () => setParams({});

  const list = (
    <Box sx={{ height: '100%', overflowY: 'auto' }}>
      {conversations.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress size={28} />
        </Box>
      ) : conversations.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {de.chat.loadFailed}
        </Alert>
      ) : conversations.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3 }}>
          {de.chat.empty}
        </Typography>
      ) : (
        <ConversationList conversations={conversations.data} selectedId={selectedId} onSelect={select} />
      )}
    </Box>
  );

  const view = startError ? (
    <Alert severity="error" sx={{ m: 2 }}>
      {startError}
    </Alert>
  ) : selectedId && user ? (
    <OpenConversation id={selectedId} myId={user.id} onBack={twoColumns ? undefined : back} />
  ) : starting ? (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress size={28} />
    </Box>
  ) : (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {de.chat.choose}
    </Typography>
  );
  const showView = selectedId !== null || starting || startError !== null;

  return (
    <Container maxWidth="lg" disableGutters={!twoColumns} sx={{ py: { xs: 0, md: 3 } }}>
      <Typography variant="h1" sx={twoColumns ? { mb: 2 } : { px: 2, py: 1.5, fontSize: '1.5rem' }}>
        {de.chat.title}
      </Typography>
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 260px)', md: 'calc(100vh - 230px)' },
          minHeight: 420,
          overflow: 'hidden',
          borderRadius: { xs: 0, md: 1 },
        }}
      >
        {twoColumns ? (
          <>
            <Box sx={{ width: 360, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>{list}</Box>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>{view}</Box>
          </>
        ) : (
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>{showView ? view : list}</Box>
        )}
      </Paper>
    </Container>
  );
}
