/**
 * The edit form on its own: what it leaves out (unreadable fields, a description longer than one
 * Slack input, a value its options cannot show, so it is never sent as cleared), the "none" choices
 * that clear a field, and the update body built from it: only what changed.
 */
import { describe, expect, it } from 'vitest';
import { editStart, originalOf, updateBody, type EditDraft } from '../../../../src/features/tickets/edit-draft.js';
import { editFormView } from '../../../../src/features/tickets/views/edit-modal.js';
import { Unreadable } from '../../../../src/service/tolerant.js';
import { option } from '../../../../src/slack/blocks/index.js';
import { BLOCK_IDS } from '../../../../src/slack/ids.js';
import { modalText } from '../../../support/view-checks.js';
import { inputElement, ticketFixture } from '../support.js';

const choices = { labels: [option('Pricing', 'l1'), option('SEO', 'l2')], assignees: [option('Maya Chen', 'u1')] };

describe('editFormView', () => {
  it('prefills every field it can show, with "none" for clearable ones', () => {
    const ticket = ticketFixture(7, 'todo', { description: 'Some text' });
    const view = editFormView({ number: 7, projectName: 'Northwind', values: editStart(ticket), choices, canAddLabel: true, privateMetadata: 'x' });
    const text = modalText(view);
    expect(text).toContain('Edit ticket #7');
    expect(inputElement(view, BLOCK_IDS.due)).toMatchObject({ type: 'plain_text_input', initial_value: '2026-02-01' });
    expect(inputElement(view, BLOCK_IDS.impact)).toMatchObject({ initial_option: { value: '2' } });
    expect(inputElement(view, BLOCK_IDS.assignee)).toMatchObject({ initial_option: { value: 'u1' } });
    expect(inputElement(view, BLOCK_IDS.newLabel)).toBeDefined();
  });

  it('leaves out, and names, what it cannot show faithfully', () => {
    const ticket = ticketFixture(8, 'todo', {
      description: 'd'.repeat(5000),
      dueDate: new Unreadable(42),
      assignee: { userId: 'u-gone', fullName: 'Not listed' },
    });
    const view = editFormView({ number: 8, projectName: 'Northwind', values: editStart(ticket), choices, canAddLabel: false, privateMetadata: 'x' });
    expect(inputElement(view, BLOCK_IDS.description)).toBeUndefined();
    expect(inputElement(view, BLOCK_IDS.due)).toBeUndefined();
    expect(inputElement(view, BLOCK_IDS.assignee)).toBeUndefined();
    expect(inputElement(view, BLOCK_IDS.newLabel)).toBeUndefined();
    expect(modalText(view)).toMatch(/Not in this form, so left as they are: description .*, assignee, due date\./);
  });
});

describe('updateBody', () => {
  const ticket = ticketFixture(9, 'todo', { description: 'Body', impact: 3, effort: null, dueDate: null });
  const original = originalOf(editStart(ticket));
  const untouched: EditDraft = { title: ticketFixture(9, 'todo').title as string, description: 'Body', labelIds: ['l1'], assignee: 'u1', dueDate: '', effort: 'none', impact: '3' };

  it('is empty when nothing changed (label order does not count)', () => {
    expect(updateBody(untouched, original)).toEqual({});
  });

  it('sends a value, null to clear, "" for an emptied description, the whole label list', () => {
    expect(updateBody({ ...untouched, dueDate: '2026-03-01' }, original)).toEqual({ dueDate: '2026-03-01' });
    expect(updateBody({ ...untouched, impact: 'none', assignee: 'none' }, original)).toEqual({ impact: null, assigneeUserId: null });
    expect(updateBody({ ...untouched, description: '' }, original)).toEqual({ description: '' });
    expect(updateBody({ ...untouched, labelIds: [] }, original)).toEqual({ labelIds: [] });
    expect(updateBody({ ...untouched, labelIds: ['l2', 'l1'] }, original)).toEqual({ labelIds: ['l2', 'l1'] });
    expect(updateBody({ ...untouched, title: `  ${untouched.title}  ` }, original)).toEqual({});
  });

  it('never sends a field the form did not hold', () => {
    const partial = originalOf(editStart(ticketFixture(9, 'todo', { dueDate: new Unreadable('x') })));
    expect(updateBody({ dueDate: '2026-03-01' }, partial)).toEqual({});
  });
});
