import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { DISPLAY_TIME_ZONE, localIsoDate } from '@fhp/domain';
import { useNavigate } from 'react-router';
import { displayName } from '../../components/storm-map/StormMap';
import { trackerDetailPath } from '../../lib/policyPaths';
import type { TrackerEvent } from './api';
import { dayLabel, monthParam, type Month } from './month';

/**
 * The tracker's month grid: FullCalendar's day grid in America/Port_of_Spain, one event per storm
 * and day with the spec's colours ("Tropical Cyclone Occurred" red, "Eligible For Payout" green,
 * any other orange). An event is a link to the storm's detail for the policy. The month is the
 * page's (its own toolbar navigates); the calendar only draws it.
 */

/** The spec's colours, dark enough for white text (WCAG AA). */
export const EVENT_COLOURS: Readonly<Record<string, string>> = { green: '#1b7a3a', red: '#c62828', orange: '#b45309' };

interface TrackerCalendarProps {
  month: Month;
  events: readonly TrackerEvent[];
  policyNumber: string;
}

export function TrackerCalendar({ month, events, policyNumber }: TrackerCalendarProps) {
  const navigate = useNavigate();
  return (
    <div className="tracker-calendar">
      <FullCalendar
        // A new month is a new grid: FullCalendar takes its initial date once.
        key={monthParam(month)}
        plugins={[dayGridPlugin, classicThemePlugin]}
        initialView="dayGridMonth"
        initialDate={`${monthParam(month)}-01`}
        timeZone={DISPLAY_TIME_ZONE}
        now={localIsoDate(Date.now())}
        headerToolbar={false}
        height="auto"
        fixedWeekCount={false}
        dayMaxEvents={3}
        events={events.map((event) => ({
          id: `${event.stormId}-${event.date}`,
          title: event.title,
          start: event.date,
          allDay: true,
          color: EVENT_COLOURS[event.colour] ?? EVENT_COLOURS.orange,
          contrastColor: '#ffffff',
          url: trackerDetailPath(event.stormId, policyNumber),
          extendedProps: { name: event.name, date: event.date },
        }))}
        eventContent={(info) => {
          const name = displayName(String(info.event.extendedProps.name));
          return (
            <span className="tracker-event" title={`${name}: ${info.event.title}`}>
              <strong>{name}</strong> <span className="tracker-event-kind">{info.event.title}</span>
              {/* One storm shows on several days: the day in each link's name tells them apart. */}
              <span className="visually-hidden">, {dayLabel(String(info.event.extendedProps.date))}</span>
            </span>
          );
        }}
        eventClick={(info) => {
          // Inside the app, not a page load.
          info.jsEvent.preventDefault();
          if (info.event.url) void navigate(info.event.url);
        }}
      />
    </div>
  );
}
