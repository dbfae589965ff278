import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { APPOINTMENT_TIME_ZONE, type CalendarEntry } from '@marketplace/contract';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCalendarEntries } from './api.ts';
import { calendarTexts as t } from './texts.ts';

const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: APPOINTMENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as the Europe/Berlin wall-clock time 'YYYY-MM-DDTHH:mm:ss' without offset. The
 * calendar runs in its 'UTC' zone and is handed these, so it shows German time whatever the
 * browser's zone, right across the switch to and from summer time.
 */
export function berlinWallClock(iso: string): string {
  return wallClock.format(new Date(iso)).replace(' ', 'T');
}

/** The calendar's colours: agreed appointments in the primary colour, open ones outlined, events green. */
function toEventInput(entry: CalendarEntry, colors: { primary: string; event: string }): EventInput {
  const proposed = entry.status === 'proposed';
  const color = entry.kind === 'event' ? colors.event : colors.primary;
  return {
    id: `${entry.kind}-${entry.id}`,
    title: proposed ? `${entry.title} (${t.status.proposed})` : entry.title,
    start: berlinWallClock(entry.starts_at),
    end: berlinWallClock(entry.ends_at),
    url: entry.link,
    backgroundColor: proposed ? 'transparent' : color,
    borderColor: color,
    textColor: proposed ? color : '#fff',
    extendedProps: { entry },
  };
}

/**
 * The member's calendar (FullCalendar, MIT): month, week and list (four weeks from today) views in German, Monday
 * first, in German time. Loads the entries of the visible span (a day more on each side) and
 * opens an entry's conversation or event page in the app when clicked.
 */
export function CalendarView({ initialView }: { initialView: 'dayGridMonth' | 'listFourWeeks' }) {
  const theme = useTheme();
  const navigate = useNavigate();
  const [span, setSpan] = useState<{ from: string; to: string } | null>(null);
  const entries = useCalendarEntries(span?.from ?? '', span?.to ?? '');
  const colors = { primary: theme.palette.primary.main, event: theme.palette.success.main };
  const events = span && entries.data ? entries.data.map((entry) => toEventInput(entry, colors)) : [];

  const onDates = (arg: DatesSetArg) => {
    // In the 'UTC' zone the span's edges are German wall-clock midnights; a day more covers the offset.
    setSpan({
      from: new Date(arg.start.getTime() - DAY_MS).toISOString(),
      to: new Date(arg.end.getTime() + DAY_MS).toISOString(),
    });
  };
  const onClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    if (arg.event.url) void navigate(arg.event.url);
  };

  return (
    <Box
      sx={{
        '& .fc': { fontFamily: theme.typography.fontFamily, fontSize: '0.875rem' },
        '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
        '& .fc .fc-toolbar-title': { fontSize: { xs: '1.1rem', md: '1.4rem' } },
        '& .fc .fc-button-primary': {
          backgroundColor: theme.palette.primary.main,
          borderColor: theme.palette.primary.main,
          textTransform: 'none',
        },
        '& .fc .fc-button-primary:not(:disabled).fc-button-active, & .fc .fc-button-primary:not(:disabled):active':
          { backgroundColor: theme.palette.primary.dark, borderColor: theme.palette.primary.dark },
        '& .fc a': { color: 'inherit' },
        // Days of the neighbouring months: greyed, yet readable (FullCalendar's 30 % opacity is not).
        '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: theme.palette.text.secondary },
        '& .fc-event': { cursor: 'pointer' },
      }}
    >
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
        locale={deLocale}
        timeZone="UTC"
        initialView={initialView}
        headerToolbar={{
          left: 'prev,next today',
          center: 'title',
          right: 'dayGridMonth,timeGridWeek,listFourWeeks',
        }}
        // The list runs from today over four weeks, so the next appointments show also at a month's end.
        views={{ listFourWeeks: { type: 'list', duration: { weeks: 4 }, buttonText: t.views.list } }}
        // Arrows as text: FullCalendar's icon fonts are `role="img"` without a name (WCAG 1.1.1);
        // the buttons keep their names ('Vorheriger Monat') from the German locale.
        buttonIcons={false}
        buttonText={{ prev: '‹', next: '›', month: t.views.month, week: t.views.week, today: t.views.today }}
        noEventsText={t.noEventsInView}
        height="auto"
        firstDay={1}
        nowIndicator={false}
        dayMaxEvents={3}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotMinTime="06:00:00"
        slotMaxTime="23:00:00"
        events={events}
        datesSet={onDates}
        eventClick={onClick}
      />
    </Box>
  );
}
