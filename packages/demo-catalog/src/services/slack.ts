import { service, tool } from '../builder.js';
import { bool, int, list, str } from '../schema.js';

const channel = str('Channel id (e.g. "C04ABCD1234") or name with "#" (e.g. "#release-announcements").');
const threadTs = str('Timestamp of the parent message that starts the thread, e.g. "1717171717.123456".');
const cursor = str('Pagination cursor from the previous response.');
const limit = int('Maximum number of items to return.', { minimum: 1, maximum: 1000, default: 100 });

/** Slack: channels, messages, threads, reactions, users, files, reminders and user groups. */
export const slack = service('slack', [
  tool(
    'send_message',
    'Post a message to a Slack channel, private group or direct message; supports Slack mrkdwn formatting, mentions like <@U123> and replying in a thread.',
    {
      channel,
      text: str('Message text in Slack mrkdwn.'),
      'threadTs?': str('Reply inside the thread of this parent message timestamp.'),
      'unfurlLinks?': bool('Show previews of links in the message.', { default: true }),
    },
    { alwaysLoad: true },
  ),
  tool('schedule_message', 'Schedule a Slack message to be posted to a channel at a future time.', {
    channel,
    text: str('Message text in Slack mrkdwn.'),
    postAt: str('When to post, as an ISO 8601 timestamp.', { format: 'date-time' }),
  }),
  tool('reply_to_thread', 'Reply to an existing Slack thread, optionally also broadcasting the reply to the channel.', {
    channel,
    threadTs,
    text: str('Reply text.'),
    'broadcast?': bool('Also post the reply to the channel.', { default: false }),
  }),
  tool('update_message', 'Edit the text of a Slack message that was previously posted.', {
    channel,
    ts: str('Timestamp of the message to edit.'),
    text: str('New message text.'),
  }),
  tool('delete_message', 'Delete a Slack message from a channel by its timestamp.', {
    channel,
    ts: str('Timestamp of the message to delete.'),
  }),
  tool('search_messages', 'Search Slack messages by keyword, channel, author or date range using Slack search modifiers (in:#channel, from:@user, before:, after:, has:link).', {
    query: str('Search text with optional modifiers, e.g. "deploy failed in:#ops after:2025-03-01".'),
    'sort?': str('"score" for relevance or "timestamp" for newest first.', { default: 'score' }),
    'count?': int('Results per page.', { minimum: 1, maximum: 100, default: 20 }),
    'page?': int('Page of results.', { minimum: 1, default: 1 }),
  }),
  tool('get_channel_history', 'Read recent messages of a Slack channel or direct message conversation, newest first, optionally between two timestamps.', {
    channel,
    'oldest?': str('Only messages after this timestamp.'),
    'latest?': str('Only messages before this timestamp.'),
    'limit?': limit,
    'cursor?': cursor,
  }),
  tool('get_thread_replies', 'Read all replies of a Slack thread, given the channel and the parent message timestamp.', {
    channel,
    threadTs,
    'limit?': limit,
    'cursor?': cursor,
  }),
  tool('list_channels', 'List Slack channels in the workspace (public, private, or both) with their topic, purpose and member count.', {
    'types?': str('Comma-separated channel types: public_channel, private_channel, mpim, im.', { default: 'public_channel' }),
    'excludeArchived?': bool('Skip archived channels.', { default: true }),
    'limit?': limit,
    'cursor?': cursor,
  }),
  tool('get_channel_info', 'Get details of one Slack channel: name, topic, purpose, creator, creation date and whether it is archived or shared.', {
    channel,
  }),
  tool('create_channel', 'Create a new public or private Slack channel.', {
    name: str('Channel name: lower case, no spaces, up to 80 characters, e.g. "proj-checkout-redesign".'),
    'isPrivate?': bool('Create a private channel.', { default: false }),
  }),
  tool('archive_channel', 'Archive a Slack channel so it becomes read-only.', { channel }),
  tool('set_channel_topic', 'Set or change the topic shown at the top of a Slack channel.', {
    channel,
    topic: str('New channel topic, up to 250 characters.'),
  }),
  tool('invite_to_channel', 'Invite one or more users to a Slack channel.', {
    channel,
    users: list(str('Slack user id, e.g. "U024BE7LH".'), 'Users to invite.'),
  }),
  tool('list_channel_members', 'List the members of a Slack channel as user ids.', {
    channel,
    'limit?': limit,
    'cursor?': cursor,
  }),
  tool('add_reaction', 'Add an emoji reaction to a Slack message, e.g. :white_check_mark: to acknowledge it.', {
    channel,
    ts: str('Timestamp of the message to react to.'),
    emoji: str('Emoji name without colons, e.g. "white_check_mark" or "eyes".'),
  }),
  tool('pin_message', 'Pin a Slack message to its channel so it appears in the pinned items.', {
    channel,
    ts: str('Timestamp of the message to pin.'),
  }),
  tool('list_users', 'List the people in the Slack workspace with their display name, real name, title, time zone and status.', {
    'includeBots?': bool('Also list bot users.', { default: false }),
    'limit?': limit,
    'cursor?': cursor,
  }),
  tool('lookup_user_by_email', 'Find a Slack user by their email address and return their user id and profile.', {
    email: str('Email address of the person.', { format: 'email' }),
  }),
  tool('get_user_profile', 'Get the Slack profile of a user: display name, title, phone, time zone, status text and emoji.', {
    user: str('Slack user id.'),
  }),
  tool('set_status', 'Set your own Slack status text, emoji and expiry, e.g. "In a meeting" until 3 pm.', {
    text: str('Status text, up to 100 characters; empty to clear.'),
    'emoji?': str('Status emoji, e.g. ":palm_tree:".'),
    'expiresAt?': str('When the status clears, as an ISO 8601 timestamp.', { format: 'date-time' }),
  }),
  tool('open_direct_message', 'Open a direct message or group DM conversation with one or more Slack users and return its channel id.', {
    users: list(str('Slack user id.'), 'Users to message (up to 8).'),
  }),
  tool('upload_file', 'Upload a file or text snippet to Slack and share it in one or more channels with an optional comment.', {
    channels: list(str('Channel id or name.'), 'Channels to share the file in.'),
    filename: str('File name, e.g. "report.csv".'),
    content: str('File content as text.'),
    'title?': str('Title shown above the file.'),
    'initialComment?': str('Message posted together with the file.'),
  }),
  tool('create_reminder', 'Create a Slack reminder for yourself or another user, e.g. "review the Q3 plan" tomorrow at 9am.', {
    text: str('What to be reminded about.'),
    time: str('When: an ISO 8601 timestamp or natural language such as "in 2 hours" or "every Monday at 9am".'),
    'user?': str('User to remind; default is yourself.'),
  }),
  tool('list_user_groups', 'List Slack user groups (handles such as @oncall or @design-team) and their members.', {
    'includeUsers?': bool('Include the member ids of each group.', { default: false }),
  }),
]);
