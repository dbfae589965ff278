import {
  REPORT_REASON_LABELS,
  REPORT_TEXT_MAX,
  type Story,
  type StoryGroup,
  type StoryReportBody,
  storyReportBodySchema,
  storyReportReasonSchema,
} from '@marketplace/contract';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link as RouterLink } from 'react-router';
import { ReasonReportDialog } from '../../components/ReasonReportDialog.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { ReportNeedsConfirmedEmail, useNeedsConfirmedEmail } from '../auth/index.ts';
import { deleteStory, postStoryView, reactToStory, replyToStory } from './api.ts';
import { InsightsPanel } from './InsightsPanel.tsx';
import { storyPicture } from './poster.ts';
import { reportStory } from './report.ts';
import type { StorySocket } from './storySocket.ts';
import {
  currentStory,
  keyAction,
  openViewer,
  SWIPE_UP_PX,
  tapDirection,
  ViewerMachine,
} from './viewerMachine.ts';

export interface StoryViewerProps {
  groups: StoryGroup[];
  startGroup: number;
  socket: StorySocket | null;
  /** Called when the viewer closes, with the groups as they are now (viewed marks, deletions). */
  onClose: (groups: StoryGroup[]) => void;
}

/** Media URLs that are base64 or external become the placeholder (SPEC.md §5). */
function safeMediaUrl(url: string): string {
  return url.startsWith('/api/') ? url : '/no-image.svg';
}

/**
 * The story viewer overlay (SPEC.md §4 "Story viewer"): progress bars, image and video stories
 * (muted by default, with an unmute button), keys, taps, hold and swipe, the heart and the reply
 * input, 'Story melden' (the story holds while the report dialog is open, which tells a member
 * without a confirmed e-mail address why a report needs one; docs/decisions/0009-reports-queue.md), the insights and delete: each shown where the story's
 * `can` from the server allows it (other members' stories: report, reply, heart; one's own:
 * insights, delete; docs/decisions/0006-module-doors.md point 5). The rules live in `ViewerMachine`.
 */
export function StoryViewer({ groups, startGroup, socket, onClose }: StoryViewerProps) {
  // One machine per opening of the viewer.
  const [machine] = useState(
    () =>
      new ViewerMachine(openViewer(groups, startGroup), (storyId) => {
        if (!socket?.send({ type: 'story_view', story_id: storyId })) postStoryView(storyId);
      }),
  );
  const state = useSyncExternalStore(machine.subscribe, machine.getState);
  const story = currentStory(state);
  const [muted, setMuted] = useState(true);
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  const [reporting, setReporting] = useState<{ storyId: string; busy: boolean } | null>(null);
  const needsConfirmedEmail = useNeedsConfirmedEmail();
  const { showMessage } = useSnackbar();
  const pointer = useRef<{ x: number; y: number; at: number } | null>(null);
  const surface = useRef<HTMLDivElement>(null);

  useEffect(() => {
    machine.start();
    return () => machine.stop();
  }, [machine]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes once when the machine closes
  useEffect(() => {
    if (state.closed) onClose(state.groups);
  }, [state.closed]);

  if (!story) return null;
  const group = state.groups[state.groupIndex];
  const can = story.can;

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.target as HTMLElement).tagName === 'INPUT' && event.key !== 'Escape') return;
    const action = keyAction(event.key, Date.now());
    if (!action) return;
    event.preventDefault();
    machine.dispatch(action);
  };

  const onPointerDown = (event: PointerEvent) => {
    pointer.current = { x: event.clientX, y: event.clientY, at: Date.now() };
    machine.dispatch({ type: 'hold' });
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = pointer.current;
    pointer.current = null;
    machine.dispatch({ type: 'release' });
    if (!start) return;
    const up = start.y - event.clientY;
    if (up > SWIPE_UP_PX) {
      machine.dispatch({ type: 'openInsights' });
      return;
    }
    // A short press is a tap; a long one was a hold.
    if (Date.now() - start.at > 300 || Math.abs(up) > 20) return;
    const rect = surface.current?.getBoundingClientRect();
    const direction = tapDirection(event.clientX - (rect?.left ?? 0), rect?.width ?? window.innerWidth);
    machine.dispatch({ type: direction, now: Date.now() });
  };

  const like = async () => {
    try {
      if (!socket?.send({ type: 'story_reaction', story_id: story.id, reaction: 'heart' })) {
        await reactToStory(story.id);
      }
      showMessage(de.stories.liked, 'success');
    } catch (error) {
      showMessage((error as Error).message, 'error');
    }
  };

  const text = reply.trim();
  const sendReply = async () => {
    if (!text || sending) return;
    setSending(true);
    try {
      if (!socket?.send({ type: 'story_reply', story_id: story.id, text }))
        await replyToStory(story.id, text);
      setReply('');
      showMessage(de.stories.replySent, 'success');
    } catch (error) {
      showMessage((error as Error).message, 'error');
    } finally {
      setSending(false);
    }
  };

  const openReport = () => {
    machine.dispatch({ type: 'hold' });
    setReporting({ storyId: story.id, busy: false });
  };
  const closeReport = () => {
    setReporting(null);
    machine.dispatch({ type: 'release' });
  };
  const sendReport = async (body: StoryReportBody) => {
    if (!reporting) return;
    setReporting({ ...reporting, busy: true });
    try {
      showMessage(await reportStory(reporting.storyId, body), 'success');
      closeReport();
    } catch (error) {
      showMessage(errorDetailOr(error, de.stories.reportFailed), 'error');
      setReporting({ ...reporting, busy: false });
    }
  };

  const remove = async () => {
    machine.dispatch({ type: 'hold' });
    if (!window.confirm(de.stories.deleteConfirm)) {
      machine.dispatch({ type: 'release' });
      return;
    }
    try {
      await deleteStory(story.id);
      machine.dispatch({ type: 'release' });
      machine.dispatch({ type: 'deleted', storyId: story.id, now: Date.now() });
    } catch (error) {
      const message = (error as Error).message;
      window.alert(message);
      showMessage(message, 'error');
      machine.dispatch({ type: 'release' });
    }
  };

  return (
    <Dialog
      open
      fullScreen
      onClose={() => machine.dispatch({ type: 'close' })}
      onKeyDown={onKeyDown}
      slotProps={{ paper: { 'aria-label': de.stories.viewer, sx: { bgcolor: '#111', color: '#fff' } } }}
    >
      <Box
        sx={{
          position: 'relative',
          mx: 'auto',
          width: '100%',
          maxWidth: 480,
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Box sx={{ display: 'flex', gap: 0.5, p: 1 }} aria-hidden>
          {group?.stories.map((item, index) => (
            <LinearProgress
              key={item.id}
              variant="determinate"
              value={index < state.storyIndex ? 100 : index === state.storyIndex ? state.progress : 0}
              sx={{
                flex: 1,
                height: 3,
                borderRadius: 2,
                bgcolor: 'rgba(255,255,255,0.3)',
                '& .MuiLinearProgress-bar': { bgcolor: '#fff', transition: 'none' },
              }}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }}>
          <Avatar src={story.user_avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }} />
          <Typography sx={{ fontWeight: 600 }}>{story.user_name}</Typography>
          <Typography variant="caption" sx={{ opacity: 0.7 }}>
            {relativeTime(new Date(story.created_at), new Date())}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <IconButton
            color="inherit"
            aria-label={state.paused ? de.stories.play : de.stories.pause}
            onClick={() => machine.dispatch({ type: 'togglePause' })}
          >
            {state.paused ? <PlayArrowIcon /> : <PauseIcon />}
          </IconButton>
          {story.media_type === 'video' && (
            <IconButton
              color="inherit"
              aria-label={muted ? de.stories.unmute : de.stories.mute}
              onClick={() => setMuted((value) => !value)}
            >
              {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
            </IconButton>
          )}
          {can.report && (
            <IconButton color="inherit" aria-label={de.stories.report} onClick={openReport}>
              <FlagOutlinedIcon />
            </IconButton>
          )}
          {can.insights && (
            <IconButton
              color="inherit"
              aria-label={de.stories.openInsights}
              onClick={() => machine.dispatch({ type: 'openInsights' })}
            >
              <InsightsIcon />
            </IconButton>
          )}
          {can.delete && (
            <IconButton color="inherit" aria-label={de.stories.delete} onClick={remove}>
              <DeleteOutlineIcon />
            </IconButton>
          )}
          <IconButton
            color="inherit"
            aria-label={de.stories.close}
            onClick={() => machine.dispatch({ type: 'close' })}
          >
            <CloseIcon />
          </IconButton>
        </Box>
        <Box
          ref={surface}
          data-testid="story-surface"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => machine.dispatch({ type: 'release' })}
          sx={{
            position: 'relative',
            flex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            touchAction: 'none',
            userSelect: 'none',
          }}
        >
          <StoryMedia
            key={story.id}
            story={story}
            muted={muted}
            paused={state.paused || state.insightsOpen}
            machine={machine}
          />
          {story.caption && (
            <Typography
              sx={{
                position: 'absolute',
                bottom: 16,
                left: 16,
                right: 16,
                textAlign: 'center',
                textShadow: '0 1px 3px #000',
              }}
            >
              {story.caption}
            </Typography>
          )}
        </Box>
        {story.listing && (
          <Box
            component={RouterLink}
            to={`/listing/${story.listing.id}`}
            onClick={() => machine.dispatch({ type: 'close' })}
            sx={{
              mx: 1,
              mb: 1,
              p: 1,
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              bgcolor: '#fff',
              color: '#111',
              borderRadius: 2,
              textDecoration: 'none',
            }}
            aria-label={`${de.stories.listingCard}: ${story.listing.title}`}
          >
            {story.listing.image && (
              <Box
                component="img"
                src={story.listing.image}
                alt=""
                sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }}
              />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap sx={{ fontWeight: 600 }}>
                {story.listing.title}
              </Typography>
              <Typography variant="body2">
                {story.listing.price_type === 'free'
                  ? de.price.types.free
                  : `${story.listing.price.toLocaleString('de-DE')} €${story.listing.price_type === 'negotiable' ? ' VB' : ''}`}
              </Typography>
            </Box>
          </Box>
        )}
        {(can.reply || can.react) && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}>
            {can.reply && (
              <>
                <InputBase
                  value={reply}
                  onChange={(event) => setReply(event.target.value)}
                  onFocus={() => machine.dispatch({ type: 'hold' })}
                  onBlur={() => machine.dispatch({ type: 'release' })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      void sendReply();
                    }
                  }}
                  placeholder={de.stories.replyPlaceholder}
                  inputProps={{ 'aria-label': de.stories.replyLabel, maxLength: 1000 }}
                  sx={{
                    flex: 1,
                    color: '#fff',
                    border: '1px solid rgba(255,255,255,0.5)',
                    borderRadius: 5,
                    px: 2,
                    py: 0.5,
                  }}
                />
                <IconButton
                  color="inherit"
                  aria-label={de.stories.send}
                  disabled={!text || sending}
                  onClick={sendReply}
                >
                  <SendIcon />
                </IconButton>
              </>
            )}
            {can.react && (
              <IconButton color="inherit" aria-label={de.stories.like} onClick={like}>
                <FavoriteIcon />
              </IconButton>
            )}
          </Box>
        )}
        {can.insights && state.insightsOpen && (
          <InsightsPanel storyId={story.id} onClose={() => machine.dispatch({ type: 'closeInsights' })} />
        )}
      </Box>
      {/* Keys typed in the report dialog stay there: they are no viewer keys (React bubbles them through the portal). */}
      <Box component="span" onKeyDown={(event) => event.stopPropagation()}>
        {reporting && (
          <ReasonReportDialog
            open
            busy={reporting.busy}
            reasons={storyReportReasonSchema.options}
            schema={storyReportBodySchema}
            textMax={REPORT_TEXT_MAX}
            texts={{
              title: de.stories.reportTitle,
              reason: de.stories.reportReason,
              text: de.stories.reportText,
              submit: de.stories.reportSubmit,
              cancel: de.stories.cancel,
              reasons: REPORT_REASON_LABELS.story,
            }}
            onClose={closeReport}
            onSubmit={(body) => void sendReport(body)}
            notice={needsConfirmedEmail ? <ReportNeedsConfirmedEmail /> : undefined}
          />
        )}
      </Box>
    </Dialog>
  );
}

/** One story's picture or video; a video reports its end and its load error to the machine. */
function StoryMedia({
  story,
  muted,
  paused,
  machine,
}: {
  story: Story;
  muted: boolean;
  paused: boolean;
  machine: ViewerMachine;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (paused) element.pause();
    else void element.play().catch(() => {});
  }, [paused]);
  if (story.media_type === 'video') {
    const poster = storyPicture(story);
    return (
      <video
        ref={video}
        src={safeMediaUrl(story.media_url)}
        poster={poster ? safeMediaUrl(poster) : undefined}
        preload="metadata"
        muted={muted}
        autoPlay
        playsInline
        onEnded={() => machine.dispatch({ type: 'videoEnded', now: Date.now() })}
        onError={() => machine.videoFailed()}
        style={{ maxWidth: '100%', maxHeight: '100%' }}
        data-testid="story-video"
      />
    );
  }
  return (
    <Box
      component="img"
      src={safeMediaUrl(story.media_url)}
      alt={story.caption ?? `Story von ${story.user_name}`}
      draggable={false}
      sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
    />
  );
}
