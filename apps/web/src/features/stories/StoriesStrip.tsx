import type { StoryGroup } from '@marketplace/contract';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { getSessionToken } from '../../lib/session.ts';
import { storyFeedQuery } from './api.ts';
import { storyPicture } from './poster.ts';
import { StorySocket } from './storySocket.ts';
import { orderGroups } from './viewerMachine.ts';

const StoryViewer = lazy(() => import('./StoryViewer.tsx').then((m) => ({ default: m.StoryViewer })));
const CreateStoryDialog = lazy(() =>
  import('./CreateStoryDialog.tsx').then((m) => ({ default: m.CreateStoryDialog })),
);

/** Groups shown on home (SPEC.md §9: at most 50). */
export const HOME_STRIP_MAX = 50;

/**
 * The stories strip (SPEC.md §2 "Home", "Stories"): my own ring with the add button, then one
 * ring per member (unviewed first, then newest), up to `max`; a ring opens the viewer. It holds
 * the story socket while shown: new stories of members I follow refresh the strip.
 */
export function StoriesStrip({ max = HOME_STRIP_MAX, wrap = false }: { max?: number; wrap?: boolean }) {
  const { user, isLoggedIn } = useSession();
  const feed = useQuery({ ...storyFeedQuery, enabled: isLoggedIn });
  const queryClient = useQueryClient();
  const { showMessage } = useSnackbar();
  const [open, setOpen] = useState<{ groups: StoryGroup[]; index: number } | null>(null);
  const [creating, setCreating] = useState(false);
  const meId = user?.id ?? null;

  const socket = useMemo(
    () =>
      isLoggedIn
        ? new StorySocket(getSessionToken, (message) => {
            if (message.type === 'new_story') void queryClient.invalidateQueries({ queryKey: ['stories'] });
            // A reaction or reply the server refused (as its HTTP call would): its German text.
            if (message.type === 'error') showMessage(message.detail, 'error');
          })
        : null,
    [isLoggedIn, queryClient, showMessage],
  );
  useEffect(() => {
    socket?.start();
    return () => socket?.stop();
  }, [socket]);

  const groups = useMemo(() => orderGroups(feed.data?.stories ?? []).slice(0, max), [feed.data, max]);
  if (!isLoggedIn) return null;
  const own = groups.find((group) => group.user_id === meId);
  const others = groups.filter((group) => group.user_id !== meId);
  const ordered = own ? [own, ...others] : others;

  return (
    <Box component="section" aria-label={de.stories.strip} sx={{ mb: 2 }}>
      {feed.isError && <Alert severity="error">{(feed.error as Error).message}</Alert>}
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: wrap ? 'wrap' : 'nowrap',
          gap: 1.5,
          overflowX: wrap ? 'visible' : 'auto',
          listStyle: 'none',
          m: 0,
          p: 0.5,
        }}
      >
        <Box component="li">
          <Ring
            label={de.stories.add(own ? de.stories.newStory : de.stories.yourStory)}
            name={own ? de.stories.newStory : de.stories.yourStory}
            avatar={user?.avatar ?? null}
            unviewed={false}
            add
            onClick={() => setCreating(true)}
          />
        </Box>
        {ordered.map((group, index) => (
          <Box component="li" key={group.user_id}>
            <Ring
              label={group.user_id === meId ? de.stories.openOwn : de.stories.openGroup(group.user_name)}
              name={group.user_id === meId ? de.stories.yourStory : group.user_name}
              avatar={group.user_avatar ?? (group.stories[0] ? storyPicture(group.stories[0]) : null)}
              unviewed={group.has_unviewed_stories}
              onClick={() => setOpen({ groups: ordered, index })}
            />
          </Box>
        ))}
      </Box>
      <Suspense fallback={null}>
        {open && (
          <StoryViewer
            groups={open.groups}
            startGroup={open.index}
            socket={socket}
            onClose={(after) => {
              setOpen(null);
              queryClient.setQueryData(storyFeedQuery.queryKey, (old) =>
                old ? { ...old, stories: after } : old,
              );
              void queryClient.invalidateQueries({ queryKey: ['stories'] });
            }}
          />
        )}
        {creating && (
          <CreateStoryDialog
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              showMessage(de.stories.created, 'success');
              void queryClient.invalidateQueries({ queryKey: ['stories'] });
            }}
          />
        )}
      </Suspense>
    </Box>
  );
}

/** One round story ring: coloured while it has unviewed stories, grey when all are seen. */
function Ring(props: {
  label: string;
  name: string;
  avatar: string | null;
  unviewed: boolean;
  add?: boolean;
  onClick: () => void;
}) {
  return (
    <ButtonBase
      onClick={props.onClick}
      aria-label={props.label}
      sx={{ display: 'flex', flexDirection: 'column', width: 72, gap: 0.5, borderRadius: 2 }}
    >
      <Box
        sx={{
          position: 'relative',
          p: '3px',
          borderRadius: '50%',
          background: props.unviewed
            ? 'linear-gradient(45deg, #f9a825, #e64a19, #c2185b)'
            : props.add
              ? 'transparent'
              : '#bdbdbd',
        }}
      >
        <Avatar
          src={props.avatar ?? undefined}
          alt=""
          sx={{ width: 58, height: 58, border: '2px solid', borderColor: 'background.paper' }}
        />
        {props.add && (
          <Box
            sx={{
              position: 'absolute',
              right: 0,
              bottom: 0,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              borderRadius: '50%',
              width: 22,
              height: 22,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <AddIcon sx={{ fontSize: 18 }} />
          </Box>
        )}
      </Box>
      <Typography variant="caption" noWrap sx={{ maxWidth: 72 }}>
        {props.name}
      </Typography>
    </ButtonBase>
  );
}
