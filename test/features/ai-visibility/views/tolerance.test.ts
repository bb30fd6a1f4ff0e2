/**
 * The AI visibility views on any shape: the sandbox's answer with a key removed, recased, moved one
 * level up or down, mistyped, or an unknown key injected still renders valid Block Kit and never a
 * whole-answer failure; a key only recased or moved still reads as before.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersMessages } from '../../../../src/features/ai-visibility/views/answers-view.js';
import { overviewView } from '../../../../src/features/ai-visibility/views/overview-view.js';
import { trendView } from '../../../support/raw-views.js';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { aiVisibilityReadSchema, readAiAnswers, readAiVisibility } from '../../../../src/service/index.js';
import { perturbation } from '../../../service/perturb.js';
import { messageText } from '../../../support/view-checks.js';

const RUNS = Number(process.env.TOLERANT_RUNS ?? 40);
let sandbox: Sandbox;
const answers: Record<string, unknown> = {};

async function get(path: string): Promise<unknown> {
  const res = await fetch(`${sandbox.url}${path}`, { headers: { 'svc-api-key': sandbox.keys.readWrite } });
  return ((await res.json()) as { item?: unknown }).item ?? {};
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  answers.latest = await get('/v1/projects/prj_northwind/ai-visibility');
  answers.answers = await get('/v1/projects/prj_quarry/ai-visibility?includeAnswers=true&brand=tillpoint.com');
  answers.trend = await get('/v1/projects/prj_northwind/ai-visibility/trend?limit=3');
});
afterAll(() => sandbox?.close());

const mentionLine = (text: string) => /\*Mention rate:\*[^\n]*/.exec(text)?.[0];

describe('AI visibility views under perturbed answers', () => {
  it('the overview renders whatever the shape; a recased or moved key reads the same', async () => {
    const baseline = messageText(overviewView('Northwind CRM', readAiVisibility(aiVisibilityReadSchema.parse(answers.latest))));
    await fc.assert(
      fc.property(perturbation(answers.latest, () => true), (p) => {
        const text = messageText(overviewView('Northwind CRM', readAiVisibility(aiVisibilityReadSchema.parse(p.body))));
        expect(text).not.toMatch(/sent an answer Radar couldn't read/);
        expect(text).toContain('Northwind CRM: AI visibility');
        if (p.kind === 'case' && String(p.path.at(-1)) === 'mentionRate' && p.path.length === 3) expect(mentionLine(text), p.describe).toBe(mentionLine(baseline));
      }),
      { numRuns: RUNS },
    );
  });

  it('the answers messages and the trend render whatever the shape', async () => {
    await fc.assert(
      fc.property(perturbation(answers.answers, () => true), (p) => {
        const item = aiVisibilityReadSchema.parse(p.body);
        for (const m of answersMessages('Quarry Pay', { brand: 'tillpoint.com', model: null, prompt: null }, readAiAnswers(item), readAiVisibility(item))) messageText(m);
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.property(perturbation({ item: answers.trend }, () => true), (p) => {
        messageText(trendView('Northwind CRM', p.body as Record<string, unknown>, null));
      }),
      { numRuns: RUNS },
    );
  });
});
