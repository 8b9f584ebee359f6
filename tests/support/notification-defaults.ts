/**
 * The notification choices a new account starts with, as the spec states them: every alert on, by email and
 * by push, marketing on, alerts for auctions merely bid on off, ending-soon alerts 5 minutes ahead.
 * Written out here, not imported from the domain, so a test of the defaults fails when the domain's defaults drift from the spec.
 */
const EVERY_ALERT_ON = { outbid: true, won: true, endingSoon: true };

export const SPECIFIED_NOTIFICATION_DEFAULTS = {
  ...EVERY_ALERT_ON,
  marketing: true,
  alertsForBidAuctions: false,
  push: EVERY_ALERT_ON,
  endingSoonMinutes: 5,
};
