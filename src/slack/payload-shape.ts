/**
 * What a Slack payload must look like before Bolt sees it. A signed body Slack would never send (a
 * JSON `null`, a doubled `text` field, a command without `response_url`, a modal submission without
 * its view id, a type nobody handles) is refused at the edge, answered at once (HTTP `400`; a Socket
 * Mode envelope acknowledged and dropped) with one log line, instead of reaching a listener that
 * throws or of waiting for an ack that never comes.
 */

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isText = (value: unknown) => typeof value === 'string';
const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

const COMMAND_FIELDS = ['command', 'text', 'team_id', 'channel_id', 'user_id', 'user_name', 'response_url', 'trigger_id', 'api_app_id', 'enterprise_id'] as const;

/** Why `body` is not a payload Radar handles, or null when it is. */
export function payloadProblem(body: unknown): string | null {
  if (!isObject(body)) return 'the payload is not an object';
  if (body.command !== undefined) {
    for (const field of COMMAND_FIELDS) if (!optionalText(body[field])) return `a command's ${field} is not one string`;
    if (!isText(body.user_id) || !isText(body.team_id)) return 'a command without user_id or team_id';
    if (!isText(body.response_url)) return 'a command without response_url';
    return null;
  }
  const type = body.type;
  if (type === 'event_callback') return isObject(body.event) && isText(body.event.type) ? null : 'an event callback without an event type';
  if (type === 'url_verification' || type === 'app_rate_limited') return null;
  const user = body.user;
  if (!isObject(user) || !isText(user.id)) return `a ${typeof type === 'string' ? type : 'payload'} without a user id`;
  switch (type) {
    case 'block_actions':
      return Array.isArray(body.actions) && body.actions.length > 0 && body.actions.every((a) => isObject(a) && isText(a.action_id)) ? null : 'block_actions without actions';
    case 'view_submission':
    case 'view_closed':
      return isObject(body.view) && isText(body.view.id) && isText(body.view.callback_id) ? null : `a ${type} without its view id or callback id`;
    case 'block_suggestion':
      return isText(body.action_id) && optionalText(body.value) ? null : 'an options request without action_id';
    case 'shortcut':
    case 'message_action':
      return isText(body.callback_id) && isText(body.trigger_id) ? null : `a ${type} without callback_id or trigger_id`;
    default:
      return `a payload of unknown type ${JSON.stringify(type)?.slice(0, 40) ?? 'undefined'}`;
  }
}
