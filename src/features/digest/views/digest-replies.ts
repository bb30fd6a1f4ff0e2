/** The short answers of `/radar digest …`, to the person who typed it. */
import { escapeMrkdwn, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

type Reply = { text: string; blocks: Block[] };

export function digestPostedReply(projectName: string, editionTitle: string): Reply {
  return {
    text: `Posted the digest of ${escapeMrkdwn(projectName)}: ${escapeMrkdwn(editionTitle)}`,
    blocks: [section(`:newspaper: Posted the digest of *${escapeMrkdwn(projectName)}*, ${escapeMrkdwn(editionTitle)}, in this channel.`)],
  };
}

export function digestInFlightReply(projectName: string, editionTitle: string): Reply {
  return {
    text: `The digest of ${escapeMrkdwn(projectName)}: ${escapeMrkdwn(editionTitle)} is being posted here right now`,
    blocks: [section(`:hourglass_flowing_sand: The digest of *${escapeMrkdwn(projectName)}*, ${escapeMrkdwn(editionTitle)}, is being posted in this channel right now.`)],
  };
}

export function noEditionReply(projectName: string): Reply {
  return {
    text: `No briefing edition yet for ${escapeMrkdwn(projectName)}`,
    blocks: [section(`*${escapeMrkdwn(projectName)}* has no done briefing edition yet, so there is no digest to post. The first one will be posted here when it is done.`)],
  };
}

export function digestSettingReply(projectName: string, enabled: boolean, changed: boolean): Reply {
  const state = enabled ? 'on' : 'off';
  const what = enabled
    ? `New briefing editions of *${escapeMrkdwn(projectName)}* will be posted here as digests.`
    : `New briefing editions of *${escapeMrkdwn(projectName)}* will not be posted here; \`${COMMAND} digest on\` turns them back on.`;
  return { text: `Digests are ${state}`, blocks: [section(`Digests are ${changed ? 'now' : 'already'} *${state}* for this channel. ${what}`)] };
}
