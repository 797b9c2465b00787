/**
 * The kinds of product the 10,000-tool catalog is made of. Each family is a
 * sort of service (a CRM, a help desk, an SMS gateway…) with the records it
 * keeps and the actions only it has; every synthesized server is one brand
 * of one family. Field lists are `name:description`, separated by `;`; a
 * name ending in `#` is an integer, `%` a number, `?` a boolean.
 */
export interface ProductFamily {
  /** What a user calls the product: "help desk", "CRM". */
  readonly noun: string;
  /** Records it keeps: `singular/plural` and their fields. */
  readonly entities: readonly EntitySpec[];
  /** Actions beyond create/read/update/delete/search. */
  readonly actions: readonly ActionSpec[];
}

/** A record kind of a family. */
export interface EntitySpec {
  /** `singular/plural`, e.g. `ticket/tickets`. */
  readonly name: string;
  /** `name:description; …` */
  readonly fields: string;
}

/** A family-specific action. `{brand}` and `{noun}` are filled in per server. */
export interface ActionSpec {
  /** Tool names a brand may give it (one is picked per server). */
  readonly names: readonly string[];
  /** Descriptions a brand may give it (one is picked per server). */
  readonly descriptions: readonly string[];
  /** `name:description; …`; a name starting with `-` is optional. */
  readonly parameters: string;
}

const entity = (name: string, fields: string): EntitySpec => ({ name, fields });
const action = (names: readonly string[], descriptions: readonly string[], parameters: string): ActionSpec => ({ names, descriptions, parameters });

/** Every family, in the order servers are dealt to them. */
export const productFamilies: readonly ProductFamily[] = [
  {
    noun: 'CRM',
    entities: [
      entity('contact/contacts', 'fullName:Full name; email:Email address; phone:Phone number; company:Company the person works for; lifecycleStage:Lead, prospect or customer'),
      entity('deal/deals', 'title:Deal title; amount%:Expected value in the account currency; stage:Pipeline stage; closeDate:Expected close date, YYYY-MM-DD; ownerEmail:Sales rep who owns the deal'),
      entity('account/accounts', 'name:Company name; domain:Company website domain; industry:Industry; employees#:Number of employees'),
    ],
    actions: [
      action(['log_call', 'record_call'], ['Log a phone call with a {brand} contact: outcome, duration and notes.', 'Record a sales call against a contact in {brand}, with its notes and length.'], 'contactId:Contact the call was with; durationMinutes#:Length of the call; -notes:What was said'),
      action(['move_deal_stage', 'advance_deal'], ['Move a {brand} deal to another pipeline stage, e.g. from proposal to won.', 'Advance a deal through the {brand} sales pipeline.'], 'dealId:Deal to move; stage:Target stage such as qualified, proposal, won or lost'),
    ],
  },
  {
    noun: 'help desk',
    entities: [
      entity('ticket/tickets', 'subject:Short summary of the request; requesterEmail:Customer who asked; priority:low, normal, high or urgent; status:open, pending, solved or closed; assignee:Agent handling it'),
      entity('macro/macros', 'title:Macro name; body:Canned reply text; tags:Tags the macro adds'),
      entity('customer/customers', 'name:Customer name; email:Customer email address; organization:Customer organization'),
    ],
    actions: [
      action(['reply_to_ticket', 'answer_ticket'], ['Reply to a customer on a {brand} support ticket; the customer gets the answer by email.', 'Send a public answer on a {brand} ticket, optionally solving it.'], 'ticketId:Ticket to answer; body:Reply text; -solve?:Mark the ticket solved after replying'),
      action(['add_internal_note', 'comment_privately'], ['Add a private note to a {brand} ticket that only agents can see.', 'Leave an internal comment on a {brand} ticket for other agents.'], 'ticketId:Ticket; note:Text of the note'),
      action(['merge_tickets'], ['Merge duplicate {brand} tickets from the same customer into one.'], 'targetTicketId:Ticket to keep; sourceTicketIds:Comma-separated tickets to merge into it'),
    ],
  },
  {
    noun: 'transactional email service',
    entities: [
      entity('template/templates', 'name:Template name; subject:Subject line with {{placeholders}}; htmlBody:HTML body with {{placeholders}}'),
      entity('sender domain/sender domains', 'domain:Domain mail is sent from; dkimVerified?:DKIM record verified'),
      entity('suppression/suppressions', 'email:Address that must not receive mail; reason:bounce, complaint or unsubscribe'),
    ],
    actions: [
      action(
        ['send_transactional_email', 'deliver_email', 'send_mail'],
        ['Send one transactional email through {brand}, such as a receipt or password reset, from a verified domain.', 'Deliver an email through the {brand} API from your app, with a subject, HTML body and optional template.'],
        'from:Sender address on a verified domain; to:Recipient address; subject:Subject line; html:HTML body; -templateId:Template to render instead of html',
      ),
      action(['get_delivery_status', 'track_message'], ['Check whether a {brand} email was delivered, opened or bounced.', 'Track one message sent through {brand}: delivered, deferred, bounced or opened.'], 'messageId:Id returned when the email was sent'),
    ],
  },
  {
    noun: 'newsletter platform',
    entities: [
      entity('subscriber/subscribers', 'email:Subscriber email address; firstName:First name; status:subscribed, unsubscribed or cleaned; tags:Tags for segmenting'),
      entity('audience list/audience lists', 'name:List name; doubleOptIn?:Ask new subscribers to confirm'),
      entity('campaign/campaigns', 'subject:Subject line; listId:Audience list it goes to; scheduledAt:When to send, ISO 8601'),
    ],
    actions: [
      action(['send_campaign', 'blast_campaign'], ['Send a {brand} newsletter campaign to every subscriber of its list now.', 'Send a marketing email campaign to a whole {brand} audience.'], 'campaignId:Campaign to send'),
      action(['get_campaign_report', 'campaign_stats'], ['Opens, clicks, unsubscribes and bounces of a sent {brand} campaign.'], 'campaignId:Sent campaign'),
    ],
  },
  {
    noun: 'SMS gateway',
    entities: [
      entity('phone number/phone numbers', 'number:Number in E.164 form, +15551234567; country:Two-letter country code; capabilities:sms, mms or voice'),
      entity('message log/message logs', 'to:Recipient number; status:queued, sent, delivered or failed; sentAt:When it was sent'),
    ],
    actions: [
      action(['send_sms', 'text_message', 'send_text'], ['Send a text message (SMS) from a {brand} number to a mobile phone.', 'Text a phone number through {brand}; long messages are split into parts.'], 'to:Mobile number in E.164 form; body:Message text; -from:One of your {brand} numbers'),
      action(['start_voice_call', 'place_call'], ['Place an outbound phone call through {brand} that reads a message aloud.'], 'to:Number to call; message:Text the call speaks'),
      action(['verify_phone', 'send_otp'], ['Send a one-time verification code by SMS with {brand} and check it.'], 'phone:Number to verify; -code:Code the user typed, to check it'),
    ],
  },
  {
    noun: 'team chat',
    entities: [
      entity('room/rooms', 'name:Room name; topic:What the room is about; private?:Only invited members can join'),
      entity('member/members', 'displayName:Name shown in chat; email:Member email; role:owner, admin or member'),
    ],
    actions: [
      action(['post_to_room', 'say_in_room'], ['Post a chat message to a {brand} room that everyone in it sees.', 'Say something in a {brand} chat room, with optional mentions.'], 'roomId:Room to post in; text:Message text; -mentions:Members to notify'),
      action(['direct_message_member', 'dm_member'], ['Send a private direct message to one {brand} member.'], 'memberId:Who to message; text:Message text'),
      action(['pin_chat_message'], ['Pin an important message to the top of a {brand} room.'], 'roomId:Room; messageId:Message to pin'),
    ],
  },
  {
    noun: 'video meeting service',
    entities: [
      entity('meeting/meetings', 'topic:Meeting topic; startTime:Start, ISO 8601; durationMinutes#:Planned length; passcode:Passcode to join'),
      entity('recording/recordings', 'meetingId:Meeting it belongs to; durationMinutes#:Length; sizeMb%:File size in MB'),
    ],
    actions: [
      action(['get_join_link', 'meeting_invite_link'], ['Get the link and dial-in numbers to join a {brand} video meeting.'], 'meetingId:Meeting'),
      action(['get_transcript', 'download_transcript'], ['Download the automatic transcript of a recorded {brand} meeting, with speaker names.'], 'recordingId:Recording'),
    ],
  },
  {
    noun: 'scheduling tool',
    entities: [
      entity('booking/bookings', 'inviteeEmail:Who booked; eventType:Kind of appointment; startTime:Start, ISO 8601; notes:Answers the invitee gave'),
      entity('availability rule/availability rules', 'weekday:Day of the week; startHour#:First bookable hour; endHour#:Last bookable hour'),
      entity('event type/event types', 'title:Name shown on the booking page; durationMinutes#:Length of each slot; location:Where it happens'),
    ],
    actions: [
      action(['find_open_slots', 'available_times'], ['Find free appointment slots on a {brand} booking page for a given week.'], 'eventTypeId:Kind of appointment; weekOf:Any date in the week, YYYY-MM-DD'),
      action(['reschedule_booking'], ['Move a {brand} appointment to another free slot and tell the invitee.'], 'bookingId:Booking; newStartTime:New start, ISO 8601'),
    ],
  },
  {
    noun: 'HR system',
    entities: [
      entity('employee/employees', 'fullName:Full name; workEmail:Work email; department:Department; managerEmail:Manager work email; startDate:First day, YYYY-MM-DD'),
      entity('time-off request/time-off requests', 'employeeId:Who asks; kind:vacation, sick or parental; from:First day off; to:Last day off'),
      entity('job posting/job postings', 'title:Job title; location:Office or remote; salaryRange:Advertised salary band'),
    ],
    actions: [
      action(['approve_time_off', 'decide_leave_request'], ['Approve or decline an employee’s time-off request in {brand}.'], 'requestId:Request; approve?:True to approve, false to decline; -comment:Note to the employee'),
      action(['get_org_chart', 'reporting_line'], ['Show who reports to whom in {brand}, from one manager down.'], '-managerId:Start from this manager; -depth#:Levels to show'),
      action(['get_leave_balance'], ['How many vacation and sick days an employee has left this year in {brand}.'], 'employeeId:Employee'),
    ],
  },
  {
    noun: 'payroll service',
    entities: [
      entity('pay run/pay runs', 'period:Pay period, e.g. 2025-06; payDate:Day salaries are paid; status:draft, approved or paid'),
      entity('payslip/payslips', 'employeeId:Employee; grossPay%:Gross pay; netPay%:Net pay after tax'),
    ],
    actions: [
      action(['approve_pay_run', 'submit_payroll'], ['Approve a {brand} pay run so salaries are paid on its pay date.'], 'payRunId:Pay run'),
      action(['add_bonus', 'one_off_payment'], ['Add a one-off bonus or payment to an employee’s next {brand} pay run.'], 'employeeId:Employee; amount%:Amount before tax; reason:Why it is paid'),
    ],
  },
  {
    noun: 'accounting software',
    entities: [
      entity('invoice/invoices', 'customerName:Billed customer; total%:Total including tax; dueDate:Due date, YYYY-MM-DD; status:draft, sent, paid or overdue'),
      entity('bill/bills', 'supplier:Supplier who sent it; total%:Amount owed; dueDate:Due date'),
      entity('ledger account/ledger accounts', 'code:Account code; name:Account name; type:asset, liability, equity, income or expense'),
    ],
    actions: [
      action(['reconcile_bank_transaction', 'match_bank_line'], ['Match a bank statement line to an invoice or bill in {brand} to reconcile it.'], 'transactionId:Bank statement line; documentId:Invoice or bill it pays'),
      action(['get_profit_and_loss', 'income_statement'], ['Profit and loss report from {brand} for a date range: income, expenses and net profit.'], 'from:First day, YYYY-MM-DD; to:Last day, YYYY-MM-DD'),
      action(['record_expense'], ['Record a business expense with its receipt in {brand}.'], 'amount%:Amount paid; category:Expense category; -receiptUrl:Link to the receipt image'),
    ],
  },
  {
    noun: 'expense tool',
    entities: [
      entity('expense report/expense reports', 'title:Report title; submitterEmail:Who submits it; total%:Sum of its expenses'),
      entity('corporate card/corporate cards', 'holderEmail:Card holder; lastFour:Last four digits; monthlyLimit%:Spending limit per month'),
    ],
    actions: [
      action(['submit_expense_report'], ['Submit a {brand} expense report to the approver.'], 'reportId:Report'),
      action(['scan_receipt', 'upload_receipt'], ['Read a receipt photo with {brand} and turn it into an expense line: merchant, date and amount.'], 'imageUrl:Photo of the receipt'),
      action(['freeze_card'], ['Freeze a lost or stolen {brand} corporate card at once.'], 'cardId:Card to freeze'),
    ],
  },
  {
    noun: 'e-signature service',
    entities: [
      entity('envelope/envelopes', 'title:Document title; signerEmails:Who must sign, comma-separated; status:sent, viewed, signed or declined'),
      entity('signing template/signing templates', 'name:Template name; roles:Signer roles such as client and witness'),
    ],
    actions: [
      action(['send_for_signature', 'request_signature'], ['Send a document to be signed electronically through {brand}; signers get an email link.'], 'documentUrl:PDF to sign; signerEmails:Who signs, in order; -message:Note in the signing email'),
      action(['download_signed_document'], ['Download the completed, signed PDF and its audit trail from {brand}.'], 'envelopeId:Envelope'),
      action(['void_envelope'], ['Cancel a {brand} signing request that has not been completed.'], 'envelopeId:Envelope; reason:Why it is cancelled'),
    ],
  },
  {
    noun: 'forms builder',
    entities: [
      entity('form/forms', 'title:Form title; published?:Form accepts answers'),
      entity('response/responses', 'formId:Form answered; submittedAt:When it was submitted; answers:Answers as JSON'),
      entity('question/questions', 'formId:Form; label:Question text; kind:short text, multiple choice, rating or date'),
    ],
    actions: [action(['export_responses', 'download_answers'], ['Export every answer of a {brand} form as CSV.'], 'formId:Form; -since:Only answers after this date')],
  },
  {
    noun: 'survey tool',
    entities: [
      entity('survey/surveys', 'title:Survey title; audience:Who it is sent to; closesAt:When it stops accepting answers'),
      entity('survey invitation/survey invitations', 'surveyId:Survey; email:Invited person; remindedAt:Last reminder sent'),
    ],
    actions: [
      action(['get_nps_score', 'net_promoter_score'], ['Net promoter score of a {brand} survey, with promoters, passives and detractors.'], 'surveyId:Survey'),
      action(['summarize_open_answers'], ['Group the free-text answers of a {brand} survey into themes with counts.'], 'surveyId:Survey; questionId:Open question'),
    ],
  },
  {
    noun: 'social media scheduler',
    entities: [
      entity('scheduled post/scheduled posts', 'text:Post text; channels:Networks to publish to; publishAt:When to publish, ISO 8601; imageUrl:Image to attach'),
      entity('social profile/social profiles', 'network:Social network; handle:Account handle'),
    ],
    actions: [
      action(['publish_post_now', 'share_update'], ['Publish a post now to the social accounts connected to {brand}.'], 'text:Post text; channels:Networks; -imageUrl:Image'),
      action(['get_post_engagement'], ['Likes, shares, comments and reach of a post published with {brand}.'], 'postId:Published post'),
    ],
  },
  {
    noun: 'web analytics',
    entities: [
      entity('site/sites', 'domain:Tracked domain; timezone:Reporting time zone'),
      entity('goal/goals', 'siteId:Site; name:Goal name; path:Page that counts as a conversion'),
      entity('saved report/saved reports', 'siteId:Site; name:Report name; metrics:Metrics shown'),
    ],
    actions: [
      action(['get_visitor_stats', 'traffic_summary'], ['Visitors, page views, bounce rate and visit length of a {brand} site for a date range.'], 'siteId:Site; from:First day; to:Last day'),
      action(['top_pages', 'most_visited_pages'], ['The most visited pages of a site in {brand}, with views and exits.'], 'siteId:Site; -limit#:Pages to return'),
      action(['get_realtime_visitors'], ['How many people are on a site right now, from {brand}.'], 'siteId:Site'),
    ],
  },
  {
    noun: 'product analytics',
    entities: [
      entity('cohort/cohorts', 'name:Cohort name; definition:Users who did an event in a period'),
      entity('funnel/funnels', 'name:Funnel name; steps:Events in order'),
      entity('dashboard/dashboards', 'title:Dashboard title; charts#:Number of charts'),
    ],
    actions: [
      action(['track_event', 'ingest_event'], ['Send a product usage event to {brand} with its user id and properties.'], 'userId:User who did it; event:Event name; -properties:Event properties as JSON'),
      action(['get_retention', 'retention_curve'], ['Week-by-week retention of a {brand} cohort.'], 'cohortId:Cohort; -weeks#:Weeks to show'),
      action(['get_funnel_conversion'], ['Conversion rate between each step of a {brand} funnel.'], 'funnelId:Funnel; from:First day; to:Last day'),
    ],
  },
  {
    noun: 'feature flag service',
    entities: [
      entity('flag/flags', 'key:Flag key used in code; enabled?:Serves the on variation; rolloutPercent%:Share of users who get it'),
      entity('segment/segments', 'name:Segment name; rules:Targeting rules, e.g. country is DE'),
      entity('environment/environments', 'name:production, staging or development; sdkKey:SDK key of the environment'),
    ],
    actions: [
      action(['toggle_flag', 'flip_flag'], ['Turn a {brand} feature flag on or off in one environment.'], 'flagKey:Flag key; environment:Environment; on?:New state'),
      action(['set_rollout_percentage', 'gradual_rollout'], ['Roll a {brand} flag out to a percentage of users.'], 'flagKey:Flag key; percent%:Share of users, 0 to 100'),
    ],
  },
  {
    noun: 'CI service',
    entities: [
      entity('pipeline/pipelines', 'repository:Repository built; branch:Branch; status:running, passed, failed or cancelled'),
      entity('build secret/build secrets', 'name:Secret name; scope:Project or organization'),
      entity('runner/runners', 'name:Runner name; os:linux, macos or windows; busy?:Running a job now'),
    ],
    actions: [
      action(['rerun_failed_jobs', 'retry_pipeline'], ['Run the failed jobs of a {brand} pipeline again.'], 'pipelineId:Pipeline'),
      action(['get_job_log', 'tail_build_log'], ['Read the log of one job of a {brand} pipeline to see why it failed.'], 'pipelineId:Pipeline; job:Job name'),
      action(['trigger_pipeline', 'start_build'], ['Start a {brand} pipeline on a branch or commit.'], 'repository:Repository; branch:Branch or commit'),
    ],
  },
  {
    noun: 'container registry',
    entities: [
      entity('image repository/image repositories', 'name:Repository name; visibility:public or private'),
      entity('image tag/image tags', 'repository:Repository; tag:Tag such as v1.4.2 or latest; sizeMb%:Compressed size'),
    ],
    actions: [
      action(['scan_image_vulnerabilities', 'image_cve_scan'], ['Scan a container image in {brand} for known vulnerabilities (CVEs), by severity.'], 'repository:Repository; tag:Tag'),
      action(['prune_old_tags', 'cleanup_images'], ['Delete container image tags in {brand} older than a number of days.'], 'repository:Repository; olderThanDays#:Age in days'),
    ],
  },
  {
    noun: 'cloud hosting platform',
    entities: [
      entity('app/apps', 'name:App name; region:Region it runs in; instances#:Running instances'),
      entity('deployment/deployments', 'appId:App; commit:Git commit deployed; status:building, live or failed'),
      entity('env var/env vars', 'appId:App; key:Variable name; value:Variable value'),
    ],
    actions: [
      action(['scale_app', 'set_instance_count'], ['Change how many instances of an app run on {brand}.'], 'appId:App; instances#:Instances to run'),
      action(['rollback_deployment', 'revert_deploy'], ['Roll an app on {brand} back to its previous live deployment.'], 'appId:App'),
      action(['stream_app_logs'], ['Read the latest runtime logs of an app running on {brand}.'], 'appId:App; -lines#:Lines to return'),
    ],
  },
  {
    noun: 'DNS provider',
    entities: [
      entity('zone/zones', 'domain:Domain; nameservers:Assigned name servers'),
      entity('dns record/dns records', 'zoneId:Zone; type:A, AAAA, CNAME, MX or TXT; name:Host name; content:Record value; ttl#:Time to live in seconds'),
    ],
    actions: [
      action(['purge_cdn_cache', 'clear_edge_cache'], ['Purge cached files from the {brand} edge for a URL or the whole zone.'], 'zoneId:Zone; -urls:URLs to purge; -everything?:Purge the whole zone'),
      action(['check_propagation'], ['Check whether a DNS change made in {brand} is visible from resolvers around the world.'], 'hostname:Host name; type:Record type'),
    ],
  },
  {
    noun: 'uptime monitor',
    entities: [
      entity('check/checks', 'url:URL probed; intervalSeconds#:How often it is probed; regions:Where it is probed from'),
      entity('status page/status pages', 'title:Page title; subdomain:Where it is published'),
      entity('alert contact/alert contacts', 'name:Who is alerted; channel:email, sms or webhook'),
    ],
    actions: [
      action(['get_uptime_percentage', 'availability_report'], ['Uptime percentage and outages of a {brand} check over a period.'], 'checkId:Check; days#:Days to cover'),
      action(['post_status_update', 'publish_incident_notice'], ['Publish an incident update on a public {brand} status page.'], 'statusPageId:Status page; message:What users should know; state:investigating, identified, monitoring or resolved'),
    ],
  },
  {
    noun: 'password manager',
    entities: [
      entity('vault item/vault items', 'title:Item title; username:Login name; url:Website; folder:Folder'),
      entity('shared vault/shared vaults', 'name:Vault name; members:Who can open it'),
    ],
    actions: [
      action(['generate_password'], ['Generate a strong random password with {brand}, with length and character rules.'], 'length#:Characters; -symbols?:Include symbols'),
      action(['share_vault_item', 'grant_item_access'], ['Share one {brand} login with a colleague without showing the password.'], 'itemId:Item; email:Colleague'),
    ],
  },
  {
    noun: 'identity provider',
    entities: [
      entity('user account/user accounts', 'email:Sign-in email; status:active, suspended or deprovisioned; mfaEnrolled?:Has a second factor'),
      entity('group/groups', 'name:Group name; description:What membership grants'),
      entity('app assignment/app assignments', 'userId:User; appName:Application the user may sign in to'),
    ],
    actions: [
      action(['reset_mfa', 'reset_second_factor'], ['Reset a user’s multi-factor enrolment in {brand} so they can set it up again.'], 'userId:User'),
      action(['suspend_user', 'lock_account'], ['Suspend a user in {brand} so they cannot sign in anywhere.'], 'userId:User; -reason:Why'),
      action(['get_sign_in_log', 'audit_logins'], ['Recent sign-ins of a user from {brand}: time, app, location and result.'], 'userId:User; -days#:Days back'),
    ],
  },
  {
    noun: 'e-commerce store',
    entities: [
      entity('product/products', 'title:Product title; price%:Price; sku:Stock keeping unit; inventory#:Units in stock'),
      entity('order/orders', 'customerEmail:Buyer; total%:Order total; fulfillmentStatus:unfulfilled, partial or fulfilled'),
      entity('discount code/discount codes', 'code:Code buyers type; percentOff%:Discount percentage; expiresAt:Last valid day'),
    ],
    actions: [
      action(['fulfill_order', 'ship_order'], ['Mark a {brand} order as shipped with its tracking number; the buyer is emailed.'], 'orderId:Order; trackingNumber:Carrier tracking number; -carrier:Carrier'),
      action(['refund_order', 'return_order'], ['Refund all or part of a {brand} order and restock the items.'], 'orderId:Order; -amount%:Amount to refund, default all; -restock?:Put the items back in stock'),
      action(['adjust_inventory'], ['Add or remove stock of a product in {brand}.'], 'productId:Product; delta#:Units to add, negative to remove'),
    ],
  },
  {
    noun: 'shipping platform',
    entities: [
      entity('shipment/shipments', 'toAddress:Delivery address; weightKg%:Parcel weight; carrier:Carrier; status:label created, in transit or delivered'),
      entity('pickup/pickups', 'address:Where the carrier collects; date:Pickup day'),
    ],
    actions: [
      action(['compare_shipping_rates', 'quote_postage'], ['Compare carrier prices and delivery times for a parcel with {brand}.'], 'fromPostcode:Origin postcode; toPostcode:Destination postcode; weightKg%:Weight'),
      action(['print_shipping_label', 'buy_label'], ['Buy and print a shipping label for a {brand} shipment.'], 'shipmentId:Shipment; -format:pdf or zpl'),
      action(['track_parcel', 'where_is_my_package'], ['Where a parcel is now and when it should arrive, from {brand} tracking.'], 'trackingNumber:Tracking number'),
    ],
  },
  {
    noun: 'inventory system',
    entities: [
      entity('stock item/stock items', 'sku:SKU; name:Item name; onHand#:Units on hand; reorderPoint#:Reorder when below'),
      entity('warehouse/warehouses', 'name:Warehouse name; city:City'),
      entity('purchase order/purchase orders', 'supplier:Supplier; items:Lines as JSON; expectedAt:Expected delivery date'),
    ],
    actions: [
      action(['transfer_stock', 'move_inventory'], ['Move units of an item from one {brand} warehouse to another.'], 'sku:SKU; fromWarehouse:Source; toWarehouse:Destination; quantity#:Units'),
      action(['low_stock_report', 'items_to_reorder'], ['List items at or below their reorder point in {brand}.'], '-warehouseId:Only this warehouse'),
    ],
  },
  {
    noun: 'restaurant ordering system',
    entities: [
      entity('menu item/menu items', 'name:Dish name; price%:Price; available?:Can be ordered now; allergens:Allergens'),
      entity('table reservation/table reservations', 'guestName:Guest; partySize#:Guests; time:Reservation time'),
    ],
    actions: [
      action(['place_food_order', 'order_takeout'], ['Place a takeout or delivery order from a {brand} restaurant menu.'], 'items:Dishes and quantities; -deliveryAddress:Address, empty for pickup'),
      action(['mark_item_sold_out', 'mark_dish_unavailable'], ['Mark a dish sold out on the {brand} menu for the rest of the day.'], 'menuItemId:Dish'),
    ],
  },
  {
    noun: 'travel booking tool',
    entities: [
      entity('trip/trips', 'traveler:Who travels; destination:City; departDate:Departure date; returnDate:Return date'),
      entity('hotel booking/hotel bookings', 'hotel:Hotel name; checkIn:Check-in day; nights#:Nights'),
    ],
    actions: [
      action(['search_flights', 'find_flights'], ['Search flights with {brand} between two airports on a date, by price or duration.'], 'from:Origin airport code; to:Destination airport code; date:Travel date; -cabin:economy or business'),
      action(['book_hotel_room', 'reserve_hotel'], ['Book a hotel room through {brand} for a trip within the travel policy.'], 'tripId:Trip; hotelId:Hotel; nights#:Nights'),
      action(['get_travel_itinerary'], ['The whole itinerary of a {brand} trip: flights, hotel and car, with confirmation numbers.'], 'tripId:Trip'),
    ],
  },
  {
    noun: 'maps service',
    entities: [entity('saved place/saved places', 'name:Place name; address:Street address; latitude%:Latitude; longitude%:Longitude')],
    actions: [
      action(['geocode_address', 'address_to_coordinates'], ['Turn a street address into latitude and longitude with {brand}.'], 'address:Address'),
      action(['get_directions', 'route_between'], ['Driving, walking or transit directions between two places from {brand}, with travel time.'], 'origin:Start; destination:End; -mode:driving, walking or transit'),
      action(['nearby_places', 'search_nearby'], ['Find places of a kind near a location with {brand}, such as cafés or pharmacies.'], 'near:Address or coordinates; kind:Kind of place; -radiusMeters#:Search radius'),
    ],
  },
  {
    noun: 'weather API',
    entities: [entity('weather alert subscription/weather alert subscriptions', 'location:Place watched; severity:Lowest severity to report')],
    actions: [
      action(['current_conditions', 'weather_now'], ['Current temperature, wind and precipitation at a place from {brand}.'], 'location:City or coordinates; -units:metric or imperial'),
      action(['hourly_forecast', 'forecast_by_hour'], ['Hour-by-hour weather forecast for the next two days from {brand}.'], 'location:City or coordinates'),
      action(['air_quality_index'], ['Air quality index and pollen levels at a place from {brand}.'], 'location:City or coordinates'),
    ],
  },
  {
    noun: 'translation service',
    entities: [entity('glossary/glossaries', 'name:Glossary name; sourceLanguage:Source language; targetLanguage:Target language; terms#:Entries')],
    actions: [
      action(['translate_text', 'machine_translate'], ['Translate text into another language with {brand}, keeping formatting.'], 'text:Text; targetLanguage:Language code such as de or ja; -glossaryId:Glossary to apply'),
      action(['detect_language'], ['Detect which language a text is written in with {brand}.'], 'text:Text'),
      action(['translate_document'], ['Translate a whole Word or PDF document with {brand} and return the translated file.'], 'fileUrl:Document; targetLanguage:Language code'),
    ],
  },
  {
    noun: 'document scanning service',
    entities: [entity('scanned document/scanned documents', 'fileName:File name; pages#:Pages; language:Detected language')],
    actions: [
      action(['extract_text_ocr', 'ocr_image'], ['Read the text in a scanned page or photo with {brand} OCR.'], 'imageUrl:Image or PDF; -language:Expected language'),
      action(['extract_invoice_fields'], ['Pull supplier, date, totals and tax from an invoice scan with {brand}.'], 'fileUrl:Invoice scan'),
    ],
  },
  {
    noun: 'file transfer service',
    entities: [
      entity('transfer/transfers', 'title:Transfer title; recipients:Who gets the link; expiresAt:When the link expires; sizeMb%:Total size'),
      entity('upload folder/upload folders', 'name:Folder name; password:Password to open it'),
    ],
    actions: [
      action(['create_share_link', 'share_large_file'], ['Share a large file through {brand} with a download link that expires.'], 'fileUrl:File to share; -expiresInDays#:Days the link works; -password:Protect with a password'),
      action(['get_download_count'], ['How many times a {brand} transfer was downloaded, and by whom.'], 'transferId:Transfer'),
    ],
  },
  {
    noun: 'wiki',
    entities: [
      entity('article/articles', 'title:Article title; body:Markdown body; collection:Collection it belongs to; author:Author'),
      entity('collection/collections', 'name:Collection name; icon:Emoji shown beside it'),
    ],
    actions: [
      action(['publish_article', 'make_article_public'], ['Publish a {brand} draft article so the team can read it.'], 'articleId:Article'),
      action(['article_history', 'list_revisions'], ['Every saved revision of a {brand} article, with author and time.'], 'articleId:Article'),
    ],
  },
  {
    noun: 'project tracker',
    entities: [
      entity('task/tasks', 'title:Task title; assignee:Who does it; dueDate:Due date; status:todo, doing or done; points#:Estimate in points'),
      entity('board/boards', 'name:Board name; columns:Column names in order'),
      entity('milestone/milestones', 'name:Milestone name; dueDate:Target date'),
    ],
    actions: [
      action(['move_card', 'move_task_to_column'], ['Move a task to another column of a {brand} board.'], 'taskId:Task; column:Target column'),
      action(['assign_task'], ['Assign a {brand} task to a teammate, who gets notified.'], 'taskId:Task; assignee:Teammate email'),
      action(['workload_by_person', 'team_capacity'], ['Open tasks and points per person in {brand} for this week.'], '-boardId:Only this board'),
    ],
  },
  {
    noun: 'time tracker',
    entities: [
      entity('time entry/time entries', 'description:What was worked on; project:Project; start:Start time; durationMinutes#:Minutes'),
      entity('client/clients', 'name:Client name; hourlyRate%:Billed rate per hour'),
    ],
    actions: [
      action(['start_timer', 'clock_in'], ['Start a {brand} timer for a project now.'], 'project:Project; -description:What you are doing'),
      action(['stop_timer', 'clock_out'], ['Stop the running {brand} timer and save the entry.'], ''),
      action(['billable_hours_report', 'timesheet_summary'], ['Billable hours per client and project in {brand} for a period.'], 'from:First day; to:Last day'),
    ],
  },
  {
    noun: 'learning platform',
    entities: [
      entity('course/courses', 'title:Course title; modules#:Modules; published?:Open to learners'),
      entity('enrollment/enrollments', 'courseId:Course; learnerEmail:Learner; progressPercent%:Progress'),
    ],
    actions: [
      action(['grade_submission', 'score_assignment'], ['Grade a learner’s assignment in {brand} with a score and feedback.'], 'submissionId:Submission; score%:Score; -feedback:Comments'),
      action(['issue_certificate'], ['Issue a {brand} completion certificate to a learner who finished a course.'], 'enrollmentId:Enrollment'),
    ],
  },
  {
    noun: 'podcast host',
    entities: [
      entity('episode/episodes', 'title:Episode title; audioUrl:Audio file; publishAt:Release time; season#:Season number'),
      entity('show/shows', 'title:Show title; category:Category; explicit?:Explicit content'),
    ],
    actions: [
      action(['get_download_stats', 'episode_listens'], ['Downloads and listeners of a {brand} episode by day and app.'], 'episodeId:Episode'),
      action(['transcribe_episode'], ['Make a transcript of a {brand} episode for show notes and search.'], 'episodeId:Episode'),
    ],
  },
  {
    noun: 'photo library',
    entities: [
      entity('photo/photos', 'fileName:File name; takenAt:When it was taken; album:Album; tags:Tags'),
      entity('album/albums', 'title:Album title; shared?:Shared with others'),
    ],
    actions: [
      action(['resize_image', 'make_thumbnail'], ['Resize or crop an image stored in {brand}, returning a new URL.'], 'photoId:Photo; width#:Width in pixels; -height#:Height in pixels'),
      action(['find_faces', 'people_in_photo'], ['Find photos in {brand} that show a given person.'], 'personName:Person'),
    ],
  },
  {
    noun: 'smart home hub',
    entities: [
      entity('device/devices', 'name:Device name; room:Room; kind:light, lock, thermostat or plug; online?:Reachable now'),
      entity('automation/automations', 'name:Automation name; trigger:What starts it; actions:What it does'),
    ],
    actions: [
      action(['set_thermostat', 'change_temperature'], ['Set the target temperature of a thermostat connected to {brand}.'], 'deviceId:Thermostat; celsius%:Target temperature'),
      action(['lock_door', 'unlock_door'], ['Lock or unlock a smart door lock through {brand}.'], 'deviceId:Lock; locked?:True to lock'),
      action(['turn_on_lights', 'switch_lights'], ['Switch lights in a room on or off with {brand}, with brightness.'], 'room:Room; on?:On or off; -brightness#:0 to 100'),
    ],
  },
  {
    noun: 'fitness tracker',
    entities: [
      entity('workout/workouts', 'kind:run, ride, swim or strength; durationMinutes#:Minutes; distanceKm%:Distance'),
      entity('health goal/health goals', 'metric:steps, sleep or active minutes; target%:Daily target'),
    ],
    actions: [
      action(['get_sleep_summary', 'sleep_report'], ['Last night’s sleep from {brand}: duration, stages and score.'], '-date:Night to report, default last night'),
      action(['get_step_count'], ['Steps walked per day from {brand} for a date range.'], 'from:First day; to:Last day'),
    ],
  },
  {
    noun: 'real estate listings site',
    entities: [
      entity('listing/listings', 'address:Property address; price%:Asking price; bedrooms#:Bedrooms; status:active, pending or sold'),
      entity('viewing/viewings', 'listingId:Listing; visitorName:Who visits; time:Viewing time'),
    ],
    actions: [
      action(['estimate_home_value', 'property_valuation'], ['Estimate what a property is worth with {brand}, from recent nearby sales.'], 'address:Property address'),
      action(['schedule_viewing'], ['Book a viewing of a {brand} listing with the agent.'], 'listingId:Listing; time:Preferred time; visitorEmail:Visitor'),
    ],
  },
  {
    noun: 'event ticketing platform',
    entities: [
      entity('event/events', 'name:Event name; venue:Venue; startsAt:Start time; capacity#:Tickets available'),
      entity('attendee/attendees', 'eventId:Event; name:Attendee name; ticketType:Ticket type; checkedIn?:Checked in at the door'),
    ],
    actions: [
      action(['check_in_attendee', 'scan_ticket'], ['Check an attendee in at the door by scanning their {brand} ticket.'], 'ticketCode:Code on the ticket'),
      action(['ticket_sales_report'], ['Tickets sold and revenue of a {brand} event by ticket type.'], 'eventId:Event'),
    ],
  },
  {
    noun: 'donation platform',
    entities: [
      entity('donation/donations', 'donorEmail:Donor; amount%:Amount given; recurring?:Monthly gift; campaign:Campaign'),
      entity('fundraising campaign/fundraising campaigns', 'title:Campaign title; goal%:Target amount; endsAt:End date'),
    ],
    actions: [action(['send_tax_receipt', 'donation_receipt'], ['Email a donor their tax receipt for gifts made through {brand} this year.'], 'donorEmail:Donor; year#:Tax year')],
  },
  {
    noun: 'appointment system for clinics',
    entities: [
      entity('patient/patients', 'fullName:Patient name; dateOfBirth:Date of birth; phone:Phone number; insurer:Insurance provider'),
      entity('appointment/appointments', 'patientId:Patient; clinician:Clinician; startTime:Start time; reason:Reason for the visit'),
    ],
    actions: [
      action(['send_appointment_reminder', 'remind_patient'], ['Send a patient a reminder of their upcoming appointment booked in {brand}.'], 'appointmentId:Appointment; -channel:sms or email'),
      action(['waitlist_patient'], ['Put a patient on the {brand} waitlist for an earlier slot.'], 'patientId:Patient; clinician:Clinician'),
    ],
  },
  {
    noun: 'legal matter manager',
    entities: [
      entity('matter/matters', 'title:Matter name; client:Client; practiceArea:Practice area; status:open or closed'),
      entity('court deadline/court deadlines', 'matterId:Matter; description:What is due; dueDate:Deadline'),
    ],
    actions: [action(['conflict_check', 'run_conflict_search'], ['Check {brand} for conflicts of interest before taking on a new client.'], 'partyNames:People and companies involved')],
  },
  {
    noun: 'code review tool',
    entities: [
      entity('review request/review requests', 'title:Change title; author:Author; reviewers:Requested reviewers; state:open, approved or merged'),
      entity('review comment/review comments', 'reviewId:Review; file:File path; line#:Line number; body:Comment text'),
    ],
    actions: [
      action(['approve_change', 'sign_off_review'], ['Approve a change in {brand} so it can be merged.'], 'reviewId:Review; -comment:Approval note'),
      action(['request_reviewers', 'add_reviewers'], ['Ask teammates to review a change in {brand}.'], 'reviewId:Review; reviewers:Teammates'),
    ],
  },
  {
    noun: 'error tracker',
    entities: [
      entity('error group/error groups', 'title:Error message; occurrences#:Times seen; firstSeen:First seen; resolved?:Marked resolved'),
      entity('source map/source maps', 'release:Release version; fileName:Bundle file'),
    ],
    actions: [
      action(['resolve_error_group', 'mark_error_fixed'], ['Mark an error group fixed in {brand}; it reopens if it happens again.'], 'groupId:Error group; -inRelease:Fixed in this release'),
      action(['get_error_stacktrace'], ['Stack trace and breadcrumbs of the newest occurrence of an error in {brand}.'], 'groupId:Error group'),
    ],
  },
  {
    noun: 'data warehouse',
    entities: [
      entity('dataset/datasets', 'name:Dataset name; location:Region; tables#:Tables'),
      entity('scheduled query/scheduled queries', 'name:Query name; sql:SQL text; cron:Schedule'),
    ],
    actions: [
      action(['run_sql', 'execute_query'], ['Run a SQL query on the {brand} warehouse and return the rows.'], 'sql:SQL statement; -maxRows#:Rows to return'),
      action(['describe_table_schema', 'table_columns'], ['Columns, types and row count of a table in {brand}.'], 'dataset:Dataset; table:Table'),
      action(['estimate_query_cost'], ['How many bytes a query would scan in {brand}, and what it would cost, without running it.'], 'sql:SQL statement'),
    ],
  },
  {
    noun: 'vector database',
    entities: [entity('collection index/collection indexes', 'name:Index name; dimensions#:Vector dimensions; metric:cosine, dot or euclidean')],
    actions: [
      action(['upsert_vectors', 'insert_embeddings'], ['Insert or replace vectors with their metadata in a {brand} index.'], 'indexName:Index; vectors:Vectors with ids and metadata as JSON'),
      action(['query_similar_vectors', 'nearest_neighbors'], ['Find the vectors closest to a query vector in {brand}, with optional metadata filters.'], 'indexName:Index; vector:Query vector as JSON; -topK#:Results'),
    ],
  },
];
