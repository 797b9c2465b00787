import { service, tool } from '../builder.js';
import { bool, int, list, map, oneOf, str } from '../schema.js';

const customerId = str('Stripe customer id, e.g. "cus_NffrFeUfNV2Hib".');
const limit = int('Maximum number of objects.', { minimum: 1, maximum: 100, default: 10 });
const startingAfter = str('Object id to continue listing after.');
const amount = int('Amount in the smallest currency unit, e.g. 1999 for $19.99.', { minimum: 0 });
const currency = str('Three-letter ISO currency code in lower case, e.g. "usd", "eur".');
const metadata = map('Key-value pairs stored on the object.');

/** Stripe: customers, payments, invoices, subscriptions, refunds, products, prices and payouts. */
export const stripe = service('stripe', [
  tool('create_customer', 'Create a Stripe customer with email, name, phone, address and metadata.', {
    email: str('Customer email.', { format: 'email' }),
    'name?': str('Full name or company name.'),
    'phone?': str('Phone number.'),
    'metadata?': metadata,
  }),
  tool('search_customers', 'Search Stripe customers by email, name, phone or metadata with Stripe search syntax (e.g. email:"jo@example.com").', {
    query: str('Stripe search query.'),
    'limit?': limit,
  }),
  tool('get_customer', 'Get a Stripe customer with balance, default payment method, addresses and metadata.', { customerId }),
  tool('update_customer', 'Update a Stripe customer\'s email, name, address, default payment method or metadata.', {
    customerId,
    'email?': str('New email.'),
    'name?': str('New name.'),
    'defaultPaymentMethod?': str('Payment method id to use by default.'),
    'metadata?': metadata,
  }),
  tool('create_payment_intent', 'Create a Stripe PaymentIntent to charge a customer an amount in a currency, optionally confirming it with a saved payment method.', {
    amount,
    currency,
    'customerId?': customerId,
    'paymentMethod?': str('Payment method id to charge.'),
    'confirm?': bool('Confirm immediately.', { default: false }),
    'description?': str('Shown in the Dashboard and on receipts.'),
    'metadata?': metadata,
  }),
  tool('list_payments', 'List Stripe payments (charges and PaymentIntents), newest first, filtered by customer, status or creation date.', {
    'customerId?': customerId,
    'status?': oneOf(['succeeded', 'processing', 'requires_payment_method', 'canceled', 'failed'], 'Payment status.'),
    'createdAfter?': str('Only payments after this date, ISO 8601.', { format: 'date-time' }),
    'limit?': limit,
    'startingAfter?': startingAfter,
  }),
  tool('get_payment', 'Get a Stripe payment (PaymentIntent or charge) with amount, status, failure reason, card brand and last four digits.', {
    paymentId: str('PaymentIntent id "pi_…" or charge id "ch_…".'),
  }),
  tool('create_refund', 'Refund a Stripe payment in full or in part, with a reason such as duplicate, fraudulent or requested by customer.', {
    paymentId: str('PaymentIntent or charge id to refund.'),
    'amount?': int('Amount to refund in the smallest unit; default is the full amount.', { minimum: 1 }),
    'reason?': oneOf(['duplicate', 'fraudulent', 'requested_by_customer'], 'Why the payment is refunded.'),
  }),
  tool('list_refunds', 'List Stripe refunds with amount, status and reason, optionally for one payment.', {
    'paymentId?': str('Only refunds of this payment.'),
    'limit?': limit,
  }),
  tool('create_invoice', 'Create a draft Stripe invoice for a customer, with line items, due date and collection method.', {
    customerId,
    'items?': list(
      { type: 'object', properties: { description: str('Line description.'), amount, quantity: int('Quantity.', { minimum: 1 }) }, required: ['description', 'amount'] },
      'Line items to add.',
    ),
    'daysUntilDue?': int('Days until the invoice is due, for send_invoice collection.', { minimum: 0 }),
    'collectionMethod?': oneOf(['charge_automatically', 'send_invoice'], 'How the invoice is paid.', { default: 'charge_automatically' }),
  }),
  tool('finalize_and_send_invoice', 'Finalize a draft Stripe invoice and email it to the customer for payment.', {
    invoiceId: str('Invoice id "in_…".'),
  }),
  tool('list_invoices', 'List Stripe invoices filtered by customer, subscription or status (draft, open, paid, uncollectible, void).', {
    'customerId?': customerId,
    'status?': oneOf(['draft', 'open', 'paid', 'uncollectible', 'void'], 'Invoice status.'),
    'limit?': limit,
    'startingAfter?': startingAfter,
  }),
  tool('void_invoice', 'Void an open Stripe invoice so it can no longer be paid.', { invoiceId: str('Invoice id.') }),
  tool('create_subscription', 'Subscribe a Stripe customer to one or more recurring prices, with optional trial days and coupon.', {
    customerId,
    priceIds: list(str('Price id "price_…".'), 'Recurring prices to subscribe to.'),
    'trialDays?': int('Free trial length in days.', { minimum: 0 }),
    'coupon?': str('Coupon id to apply.'),
  }),
  tool('list_subscriptions', 'List Stripe subscriptions by customer, price or status (active, trialing, past_due, canceled).', {
    'customerId?': customerId,
    'status?': oneOf(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'all'], 'Subscription status.'),
    'limit?': limit,
  }),
  tool('update_subscription', 'Change a Stripe subscription: switch plan or price, change quantity, apply a coupon, with proration.', {
    subscriptionId: str('Subscription id "sub_…".'),
    'priceId?': str('New price for the subscription item.'),
    'quantity?': int('New quantity (seats).', { minimum: 1 }),
    'coupon?': str('Coupon to apply.'),
    'prorationBehavior?': oneOf(['create_prorations', 'none', 'always_invoice'], 'How to prorate.'),
  }),
  tool('cancel_subscription', 'Cancel a Stripe subscription immediately or at the end of the current billing period.', {
    subscriptionId: str('Subscription id.'),
    'atPeriodEnd?': bool('Cancel at the end of the period instead of now.', { default: true }),
  }),
  tool('create_product', 'Create a Stripe product (something you sell) with name, description and metadata.', {
    name: str('Product name.'),
    'description?': str('Product description.'),
    'metadata?': metadata,
  }),
  tool('list_products', 'List Stripe products, active or archived.', {
    'active?': bool('Only active products.'),
    'limit?': limit,
  }),
  tool('create_price', 'Create a Stripe price for a product: one-time or recurring (monthly, yearly) amount in a currency.', {
    productId: str('Product id "prod_…".'),
    unitAmount: amount,
    currency,
    'interval?': oneOf(['day', 'week', 'month', 'year'], 'Billing interval for a recurring price; omit for one-time.'),
  }),
  tool('create_coupon', 'Create a Stripe coupon: a percentage or fixed amount off, once, repeating for some months, or forever.', {
    'percentOff?': int('Percentage discount.', { minimum: 1, maximum: 100 }),
    'amountOff?': amount,
    'currency?': currency,
    duration: oneOf(['once', 'repeating', 'forever'], 'How long the discount applies.'),
    'durationInMonths?': int('Months, for a repeating coupon.', { minimum: 1 }),
  }),
  tool('create_payment_link', 'Create a shareable Stripe Payment Link (hosted checkout page) for one or more prices.', {
    items: list(
      { type: 'object', properties: { priceId: str('Price id.'), quantity: int('Quantity.', { minimum: 1 }) }, required: ['priceId'] },
      'Prices and quantities.',
    ),
  }),
  tool('get_balance', 'Get the Stripe account balance: available and pending funds per currency.'),
  tool('list_payouts', 'List Stripe payouts to your bank account with amount, arrival date and status.', {
    'status?': oneOf(['paid', 'pending', 'in_transit', 'canceled', 'failed'], 'Payout status.'),
    'limit?': limit,
  }),
  tool('list_disputes', 'List Stripe disputes (chargebacks) with reason, amount, status and evidence due date.', {
    'status?': oneOf(['needs_response', 'under_review', 'won', 'lost'], 'Dispute status.'),
    'limit?': limit,
  }),
]);
