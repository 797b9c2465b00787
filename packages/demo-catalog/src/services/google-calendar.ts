import { service, tool } from '../builder.js';
import { bool, int, list, oneOf, str } from '../schema.js';

const calendarId = str('Calendar id; "primary" for your main calendar, or a shared calendar email.', { default: 'primary' });
const eventId = str('Calendar event id.');
const dateTime = (what: string) => str(`${what}, ISO 8601 with time zone, e.g. "2025-06-12T14:00:00+02:00".`, { format: 'date-time' });

/**
 * Google Calendar: events, availability, invitations and calendars. Its server
 * is configured with `alwaysLoad`, so its tools are loaded upfront.
 */
export const googleCalendar = service(
  'google-calendar',
  [
    tool('list_events', 'List Google Calendar events in a time range, e.g. today\'s or next week\'s meetings, with title, time, location, attendees and video link.', {
      'calendarId?': calendarId,
      timeMin: dateTime('Start of the range'),
      timeMax: dateTime('End of the range'),
      'query?': str('Only events whose title, description or attendees contain this text.'),
      'maxResults?': int('Maximum number of events.', { minimum: 1, maximum: 2500, default: 50 }),
    }),
    tool('get_event', 'Get one Google Calendar event with its description, attendees and their responses, recurrence and conference link.', {
      'calendarId?': calendarId,
      eventId,
    }),
    tool('create_event', 'Schedule a Google Calendar event or meeting with title, start and end time, attendees, location, description and a Google Meet link.', {
      'calendarId?': calendarId,
      summary: str('Event title.'),
      start: dateTime('Start time'),
      end: dateTime('End time'),
      'attendees?': list(str('Attendee email.', { format: 'email' }), 'People to invite.'),
      'location?': str('Room or address.'),
      'description?': str('Agenda or notes.'),
      'addMeetLink?': bool('Attach a Google Meet video conference.', { default: false }),
      'recurrence?': str('RRULE for repeating events, e.g. "RRULE:FREQ=WEEKLY;BYDAY=MO".'),
    }),
    tool('quick_add_event', 'Create a Google Calendar event from a natural-language phrase such as "Lunch with Priya Friday 12:30 at Café Nord".', {
      'calendarId?': calendarId,
      text: str('The event in plain words.'),
    }),
    tool('update_event', 'Change a Google Calendar event: move it to another time, rename it, edit attendees, location or description.', {
      'calendarId?': calendarId,
      eventId,
      'summary?': str('New title.'),
      'start?': dateTime('New start time'),
      'end?': dateTime('New end time'),
      'attendees?': list(str('Attendee email.'), 'Replace the attendee list.'),
      'location?': str('New location.'),
      'sendUpdates?': oneOf(['all', 'externalOnly', 'none'], 'Whom to notify.', { default: 'all' }),
    }),
    tool('delete_event', 'Cancel and delete a Google Calendar event, notifying attendees.', {
      'calendarId?': calendarId,
      eventId,
      'sendUpdates?': oneOf(['all', 'externalOnly', 'none'], 'Whom to notify.', { default: 'all' }),
    }),
    tool('respond_to_invitation', 'Accept, decline or tentatively accept a Google Calendar meeting invitation, with an optional note.', {
      eventId,
      response: oneOf(['accepted', 'declined', 'tentative'], 'Your answer.'),
      'comment?': str('Note to the organizer.'),
    }),
    tool('find_free_time', 'Find time slots when all given people are free in Google Calendar, to schedule a meeting of a given length within working hours.', {
      attendees: list(str('Email address.'), 'People who must attend.'),
      durationMinutes: int('Meeting length in minutes.', { minimum: 5, maximum: 480 }),
      timeMin: dateTime('Earliest start'),
      timeMax: dateTime('Latest end'),
      'workingHoursOnly?': bool('Only propose slots within working hours.', { default: true }),
    }),
    tool('get_free_busy', 'Get busy intervals of people or calendars in a time range from Google Calendar.', {
      calendars: list(str('Calendar id or email.'), 'Calendars to check.'),
      timeMin: dateTime('Start of the range'),
      timeMax: dateTime('End of the range'),
    }),
    tool('list_calendars', 'List the Google calendars you can see: your own, shared and subscribed, with access role and color.'),
    tool('create_calendar', 'Create a secondary Google calendar, e.g. for a team rota or project milestones.', {
      summary: str('Calendar name.'),
      'timeZone?': str('IANA time zone, e.g. "Europe/Berlin".'),
    }),
    tool('share_calendar', 'Share a Google calendar with a person and set their permission (see free/busy, read, edit).', {
      calendarId,
      email: str('Person to share with.', { format: 'email' }),
      role: oneOf(['freeBusyReader', 'reader', 'writer', 'owner'], 'Permission.'),
    }),
    tool('add_attendees', 'Invite more people to an existing Google Calendar event without changing anything else.', {
      'calendarId?': calendarId,
      eventId,
      attendees: list(str('Email address.'), 'People to add.'),
    }),
    tool('set_out_of_office', 'Block time as out of office in Google Calendar, automatically declining meetings in that period.', {
      start: dateTime('Start'),
      end: dateTime('End'),
      'declineMessage?': str('Message sent with automatic declines.'),
    }),
    tool('list_upcoming_reminders', 'List your next Google Calendar events that have reminders or need a response.', {
      'hours?': int('Look this many hours ahead.', { minimum: 1, maximum: 168, default: 24 }),
    }),
    tool('get_working_hours', 'Get a person\'s working hours and working location settings from Google Calendar.', {
      email: str('Person to look up.', { format: 'email' }),
    }),
  ],
  { alwaysLoad: true },
);
