import type { Binding } from '../../../store/bindings.js';
import type { DigestSettings } from '../../../store/digest-settings.js';
import { escapeMrkdwn, fields, header, relativeAndAbsolute, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

export type { KeyScope } from '../../../service/key-scope.js';
import type { KeyScope } from '../../../service/key-scope.js';

export interface StatusData {
  /** The channel's binding with its digest settings. */
  binding: (Binding & DigestSettings) | undefined;
  /**
   * `detail` is mrkdwn the caller built (already escaped). `keyRejected`: the service answered but
   * refused the key (its reason: revoked, expired, invalid, missing). `boundProjectVisible`: whether
   * the key lists the bound project (undefined: not checked).
   */
  service: { reachable: boolean; detail: string; keyRejected?: string; boundProjectVisible?: boolean };
  keyScope: KeyScope | null;
  /** The service's description against what Radar reads (mrkdwn the caller built); null: not checked. */
  contract?: string | null;
  storeKind: string;
  now: Date;
  /** The channel's watches (src/features/watches/): how many, and the failing mark; undefined: none. */
  watches?: { count: number; failing: { reason: string; since: string } | null };
}

const SCOPE_TEXT: Record<KeyScope, string> = {
  read_write: 'read and write (reads, tickets and comments)',
  read: 'read only (tickets and comments cannot be written)',
  unknown: 'could not be determined',
};

function serviceText(service: StatusData['service']): string {
  if (service.keyRejected) {
    return `:warning: reachable, but the key was rejected (${escapeMrkdwn(service.keyRejected)}): an admin needs to give Radar a valid key`;
  }
  return `${service.reachable ? ':white_check_mark: reachable' : ':x: unreachable'}${service.detail ? ` (${service.detail})` : ''}`;
}

export function statusView(data: StatusData): { text: string; blocks: Block[] } {
  const { binding } = data;
  const blocks: Block[] = [header('Radar status')];
  if (binding) {
    blocks.push(
      section(
        `This channel is bound to *${escapeMrkdwn(binding.projectName)}* (\`${escapeMrkdwn(binding.projectId)}\`), by <@${escapeMrkdwn(binding.boundBy)}> ${relativeAndAbsolute(binding.boundAt, data.now)}.`,
      ),
    );
    const digest = binding.digestsEnabled ? 'on' : `off (\`${COMMAND} digest on\` turns them on)`;
    blocks.push(section(`*Briefing digests:* ${digest}`));
    if (binding.failing) {
      blocks.push(
        section(
          `:warning: *Digests to this channel are failing:* ${escapeMrkdwn(binding.failing.reason)} (since ${relativeAndAbsolute(binding.failing.since, data.now)}). Invite Radar to the channel, or rebind.`,
        ),
      );
    }
    if (data.watches && data.watches.count > 0) {
      const failing = data.watches.failing;
      blocks.push(
        section(
          `*Watches:* ${data.watches.count} (\`${COMMAND} watch\` lists them)` +
            (failing ? `\n:warning: *Watch messages to this channel are failing:* ${escapeMrkdwn(failing.reason)} (since ${relativeAndAbsolute(failing.since, data.now)}).` : ''),
        ),
      );
    }
    if (data.service.boundProjectVisible === false) {
      blocks.push(
        section(
          `:warning: *Radar's API key cannot see ${escapeMrkdwn(binding.projectName)}:* the service does not list it for this key (it may have been deleted, or the key belongs to another organisation). Rebind with \`${COMMAND} bind &lt;project&gt;\` or give Radar a key that sees it.`,
        ),
      );
    }
  } else {
    blocks.push(section(`This channel isn't bound to a project. \`${COMMAND} bind &lt;project&gt;\` binds it.`));
  }
  blocks.push(
    ...fields([
      `*Monitoring service*\n${serviceText(data.service)}`,
      `*API key scope*\n${data.keyScope ? SCOPE_TEXT[data.keyScope] : data.service.keyRejected ? 'not checked (the key was rejected)' : 'not checked (bind a project to check it)'}`,
      `*Store*\n${escapeMrkdwn(data.storeKind)}`,
      ...(data.contract ? [`*Service description*\n${data.contract}`] : []),
    ]),
  );
  return { text: binding ? `Bound to ${escapeMrkdwn(binding.projectName)}` : 'Not bound', blocks };
}
