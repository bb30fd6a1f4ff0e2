/**
 * Every Slack id Radar registers, in one place. `manifest.yml` declares the command and the
 * shortcut callback ids; `test/slack/manifest.test.ts` keeps the two in step.
 * Feature authors add their action and block ids here rather than inlining strings.
 */

/** The one slash command. */
export const COMMAND = '/radar';

/** Callback ids of message shortcuts (declared in the manifest) and of modals (internal). */
export const CALLBACK_IDS = {
  ticketFromMessage: 'ticket_from_message',
  commentFromMessage: 'comment_from_message',
  ticketModal: 'ticket_modal',
  commentModal: 'comment_modal',
  ticketEditModal: 'ticket_edit_modal',
  commentEditModal: 'comment_edit_modal',
  /** OAuth mode (issue 32): the Home tab's modal taking the workspace's service key. */
  connectModal: 'connect_service_modal',
} as const;

/** Callback ids of message shortcuts: the subset of `CALLBACK_IDS` the manifest must declare. */
export const SHORTCUT_CALLBACK_IDS = [CALLBACK_IDS.ticketFromMessage, CALLBACK_IDS.commentFromMessage] as const;

/** `action_id`s of interactive elements (buttons, selects) in messages and modals. */
export const ACTION_IDS = {
  share: 'share',
  ticketMove: 'ticket_move',
  ticketAssign: 'ticket_assign',
  /** The member list a shown ticket offers when the person's Slack name matches no member. */
  ticketAssignPick: 'ticket_assign_pick',
  ticketDismiss: 'ticket_dismiss',
  digestMove: 'digest_move',
  digestDismiss: 'digest_dismiss',
  ticketPicker: 'ticket_picker',
  /** AI visibility: the next page of the compact market map. */
  aiMoreBrands: 'ai_more_brands',
  /** Runs a sealed `/radar` text for the presser (a card's full views, a history row's check); `open_command:<suffix>` keeps buttons of one block distinct. */
  openCommand: 'open_command',
  /** AI sources: the next compact page of the cited pages / of the brands. */
  sourcesMorePages: 'sources_more_pages',
  sourcesMoreBrands: 'sources_more_brands',
  /** Market reads: a competitor's full positioning view from the compact one. */
  positioningCompetitor: 'positioning_competitor',
  /** Board edits (issue 19): edit a ticket, its overflow menu (delete), a comment's edit and delete, a label's delete. */
  ticketEdit: 'ticket_edit',
  ticketMore: 'ticket_more',
  commentEdit: 'comment_edit',
  commentDelete: 'comment_delete',
  labelDelete: 'label_delete',
  /** Watches: the buttons on a watch's message (src/features/watches/). */
  watchTicket: 'watch_ticket',
  watchMute: 'watch_mute',
  watchSnooze: 'watch_snooze',
  /** Follows (issue 31): Follow on a ticket and on a competitor card; Unfollow, a setting's switch and quiet hours on Home. */
  ticketFollow: 'ticket_follow',
  competitorFollow: 'competitor_follow',
  followRemove: 'follow_remove',
  notifyToggle: 'notify_toggle',
  notifyQuiet: 'notify_quiet',
  /** OAuth mode (issue 32): Home's Connect the service / Replace key, and Disconnect; the modal's key input. */
  connectOpen: 'connect_service',
  connectDisconnect: 'connect_disconnect',
  connectKey: 'connect_key',
} as const;

/** `block_id`s of modal input blocks; `view.state.values` is keyed by these. */
export const BLOCK_IDS = {
  title: 'title',
  column: 'column',
  description: 'description',
  labels: 'labels',
  assignee: 'assignee',
  due: 'due',
  effort: 'effort',
  impact: 'impact',
  ticket: 'ticket',
  body: 'body',
  /** The ticket edit form's "add a label" input. */
  newLabel: 'new_label',
  /** The connect modal's key input (issue 32). */
  connectKey: 'connect_key',
} as const;

/**
 * Briefing digests: the `event_type` of the message metadata on a digest (its payload names the run
 * and the project), and the prefix of a ticket row's block ids (`digest_ticket:<ticketId>`).
 */
export const DIGEST_IDS = { eventType: 'radar_digest', ticketBlockPrefix: 'digest_ticket' } as const;

/** Watches: the `event_type` of a watch message's metadata (its payload names project, dimension and run). */
/** A watch message's metadata type (`radar_change`); `radar_watch` is what Radar wrote before it, still recognised. */
export const WATCH_IDS = { eventType: 'radar_change', earlierEventType: 'radar_watch' } as const;

/** A scheduled report's metadata type (`radar_report`: project and slot), how a report posted before a crash is found. */
export const REPORT_IDS = { eventType: 'radar_report' } as const;

/** A direct message's metadata type (`radar_notice`: the batch it delivers), how a DM sent before a crash is found. */
export const NOTICE_IDS = { eventType: 'radar_notice' } as const;

/**
 * Tickets in threads (issue 30): the `event_type` of the metadata on Radar's ticket confirmations and on
 * the board's comments it copies into a thread (payload: project, ticket and, when known, competitor,
 * dimension, run and comment), and the prefix of the block that shows a ticket's state on a living
 * message (`radar_ticket_status:<state key>`).
 */
export const TICKET_IDS = { eventType: 'radar_ticket', statusBlockPrefix: 'radar_ticket_status' } as const;

export type CallbackId = (typeof CALLBACK_IDS)[keyof typeof CALLBACK_IDS];
export type ActionId = (typeof ACTION_IDS)[keyof typeof ACTION_IDS];
export type BlockId = (typeof BLOCK_IDS)[keyof typeof BLOCK_IDS];
