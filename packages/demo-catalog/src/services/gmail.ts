import { service, tool } from '../builder.js';
import { bool, int, list, oneOf, str } from '../schema.js';

const messageId = str('Gmail message id.');
const threadId = str('Gmail thread id.');
const recipients = (what: string) => list(str('Email address, optionally with a name: "Ada Lovelace <ada@example.com>".'), what);
const maxResults = int('Maximum number of results.', { minimum: 1, maximum: 500, default: 25 });

/** Gmail: send, search and read email, drafts, labels, filters and attachments. */
export const gmail = service('gmail', [
  tool('send_email', 'Send an email from your Gmail account to recipients with subject, plain-text or HTML body, CC, BCC and text attachments.', {
    to: recipients('Recipients.'),
    subject: str('Subject line.'),
    body: str('Message body; plain text unless isHtml is set.'),
    'cc?': recipients('Carbon-copy recipients.'),
    'bcc?': recipients('Blind carbon-copy recipients.'),
    'isHtml?': bool('The body is HTML.', { default: false }),
  }),
  tool('reply_to_email', 'Reply, or reply all, to a Gmail message in the same thread, quoting the original.', {
    messageId,
    body: str('Reply text.'),
    'replyAll?': bool('Reply to all recipients.', { default: false }),
  }),
  tool('forward_email', 'Forward a Gmail message, with its attachments, to other recipients with an optional note.', {
    messageId,
    to: recipients('Recipients.'),
    'note?': str('Text added above the forwarded message.'),
  }),
  tool('search_emails', 'Search Gmail messages with Gmail search operators (from:, to:, subject:, has:attachment, label:, is:unread, after:, before:, newer_than:).', {
    query: str('Gmail search query, e.g. "from:billing@vendor.com has:attachment newer_than:30d".'),
    'maxResults?': maxResults,
    'pageToken?': str('Token of the next page.'),
  }),
  tool('read_email', 'Read a Gmail message: sender, recipients, date, subject, plain-text body and attachment names.', {
    messageId,
    'format?': oneOf(['text', 'html', 'raw'], 'Body format.', { default: 'text' }),
  }),
  tool('get_thread', 'Read a whole Gmail conversation thread, every message in order.', { threadId }),
  tool('list_unread', 'List unread messages in the Gmail inbox, newest first, with sender, subject and snippet.', {
    'maxResults?': maxResults,
    'category?': oneOf(['primary', 'social', 'promotions', 'updates', 'forums'], 'Inbox category.'),
  }),
  tool('create_draft', 'Save a Gmail draft with recipients, subject and body without sending it.', {
    to: recipients('Recipients.'),
    subject: str('Subject line.'),
    body: str('Message body.'),
    'threadId?': str('Make the draft a reply in this thread.'),
  }),
  tool('list_drafts', 'List your saved Gmail drafts with recipients and subject.', { 'maxResults?': maxResults }),
  tool('send_draft', 'Send a Gmail draft you saved earlier, exactly as it is, to its recipients.', { draftId: str('Draft id.') }),
  tool('modify_labels', 'Add or remove Gmail labels on messages, e.g. mark read or unread, star, archive (remove INBOX) or file under a label.', {
    messageIds: list(str('Message id.'), 'Messages to change.'),
    'addLabels?': list(str('Label name or system label such as STARRED, UNREAD, IMPORTANT.'), 'Labels to add.'),
    'removeLabels?': list(str('Label name or system label such as INBOX, UNREAD.'), 'Labels to remove.'),
  }),
  tool('archive_emails', 'Archive Gmail messages: remove them from the inbox but keep them in All Mail.', {
    messageIds: list(str('Message id.'), 'Messages to archive.'),
  }),
  tool('trash_emails', 'Delete Gmail messages by moving them to the trash, where they stay for 30 days.', { messageIds: list(str('Message id.'), 'Messages to delete.') }),
  tool('list_labels', 'List the Gmail labels, system and user-created, with message and unread counts.'),
  tool('create_label', 'Create a Gmail label, optionally nested ("Clients/Acme") and colored.', {
    name: str('Label name; use "/" for nesting.'),
    'backgroundColor?': str('Hex background color.'),
  }),
  tool('create_filter', 'Create a Gmail filter that automatically labels, archives, forwards or deletes incoming mail matching criteria.', {
    criteria: {
      type: 'object',
      description: 'Which messages match.',
      properties: {
        from: str('Sender address or domain.'),
        to: str('Recipient address.'),
        subject: str('Words in the subject.'),
        query: str('Any Gmail search query.'),
        hasAttachment: bool('Only messages with attachments.'),
      },
    },
    action: {
      type: 'object',
      description: 'What to do with matching messages.',
      properties: {
        addLabel: str('Label to apply.'),
        archive: bool('Skip the inbox.'),
        markRead: bool('Mark as read.'),
        forwardTo: str('Forward to this address.'),
        trash: bool('Delete.'),
      },
    },
  }),
  tool('get_attachment', 'Download an attachment of a Gmail message and return its text content (PDF, CSV, text) or base64 data.', {
    messageId,
    attachmentId: str('Attachment id from read_email.'),
  }),
  tool('set_vacation_responder', 'Turn the Gmail out-of-office vacation auto-reply on or off with a subject, message and date range.', {
    enabled: bool('Turn the auto-reply on.'),
    'subject?': str('Auto-reply subject.'),
    'message?': str('Auto-reply text.'),
    'startDate?': str('First day, YYYY-MM-DD.', { format: 'date' }),
    'endDate?': str('Last day, YYYY-MM-DD.', { format: 'date' }),
    'contactsOnly?': bool('Only reply to people in your contacts.', { default: false }),
  }),
  tool('list_contacts', 'Search your Google contacts by name or email and return names, emails, phone numbers and companies.', {
    'query?': str('Name, email or company to look for.'),
    'maxResults?': maxResults,
  }),
  tool('get_profile', 'Get the Gmail account address, total message count and thread count.'),
]);
