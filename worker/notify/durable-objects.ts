/** The mail Durable Object classes, re-exported from one place for worker/index.ts. */
export { MailAddressDurableObject } from './address-do';
export { MailBudgetDurableObject } from './budget-do';
export { DevOutboxDurableObject } from './dev-outbox';
