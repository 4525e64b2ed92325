/**
 * What a 'tool_notice' says and where it leads (docs/decisions/043), and a product page's link to
 * the AI tool it is built on, taken from the tool's row (a tool approved after launch included).
 */
import { describe, expect, it } from 'vitest';
import { TOOL_EVENTS, type ToolEvent } from '@/src/shared/domain';
import { noticeText, TOOL_NOTICE_LABELS, toolNoticeHref, toolNoticeMessage, toolNoticeText, type ToolNoticeFeedItem } from '@/src/shared/notifications';
import { aiToolHrefOf } from '@/functions/catalogue/catalogue.mapper';

const notice = (toolEvent: ToolEvent, note: string | null = null): ToolNoticeFeedItem => ({
  kind: 'tool_notice',
  id: 'n1',
  notificationId: 'n1',
  isRead: false,
  createdAt: '2026-11-27T12:00:00.000Z',
  toolId: 'quillmate',
  toolName: 'Quillmate',
  toolEvent,
  note,
  href: '/tools/quillmate',
});

describe('tool notices', () => {
  it('say what happened to the tool, in words for each event', () => {
    expect(TOOL_EVENTS.map((e) => toolNoticeText(notice(e, 'Ada Lovelace')))).toEqual([
      'Quillmate is now in the AI tools directory',
      'Changes requested for your submission Quillmate',
      'Your submission Quillmate was not accepted',
      'You are the verified maintainer of Quillmate',
      'Your claim of Quillmate was not accepted',
      'Your claim of Quillmate was revoked',
      'Ada Lovelace now maintains Quillmate with you',
      'A changelog feed of Quillmate is paused',
    ]);
    expect(toolNoticeText(notice('maintainer_added'))).toBe('A new co-maintainer now maintains Quillmate with you');
    expect(noticeText(notice('claim_verified'))).toBe('You are the verified maintainer of Quillmate');
    for (const e of TOOL_EVENTS) expect(TOOL_NOTICE_LABELS[e]).toBeTruthy();
  });

  it("lead to the tool's page, its management page or the submission", () => {
    const href = (toolEvent: ToolEvent, hasDetailPage = true) => toolNoticeHref({ toolId: 'quillmate', toolEvent, hasDetailPage });
    expect(href('submission_approved')).toBe('/tools/quillmate');
    expect(href('submission_approved', false)).toBe('/tools/quillmate/landing');
    expect(href('claim_revoked')).toBe('/tools/quillmate');
    expect(href('submission_changes_requested')).toBe('/ai-tools/submit?tool=quillmate');
    expect(href('submission_rejected')).toBe('/ai-tools/submit');
    expect(href('claim_verified')).toBe('/ai-tools/manage/quillmate');
    expect(href('maintainer_added')).toBe('/ai-tools/manage/quillmate');
    expect(href('source_paused')).toBe('/ai-tools/manage/quillmate#changelog-sources');
    expect(href('claim_rejected')).toBe('/ai-tools/claim?tool=quillmate');
  });

  it("show a reviewer's message, a reason or a feed's status under the title, never a co-maintainer's name twice", () => {
    expect(toolNoticeMessage(notice('submission_changes_requested', 'Add a logo'))).toBe('Add a logo');
    expect(toolNoticeMessage(notice('source_paused', 'https://x.example/feed: Last fetch failed: not a feed'))).toContain('not a feed');
    expect(toolNoticeMessage(notice('maintainer_added', 'Ada Lovelace'))).toBeNull();
    expect(toolNoticeMessage(notice('submission_approved', null))).toBeNull();
  });
});

describe("a product's AI tool link", () => {
  it('links every tool of the directory from its row, and nothing else', () => {
    // A tool approved after launch, with a detail page: not in any built-in list.
    expect(aiToolHrefOf({ ai_tool_type: 'quillmate', ai_tool_name: 'Quillmate', ai_tool_detail_page: true })).toBe('/tools/quillmate');
    expect(aiToolHrefOf({ ai_tool_type: 'make', ai_tool_name: 'Make', ai_tool_detail_page: false })).toBe('/tools/make/landing');
    // No approved tool behind the value: 'custom', an unknown id, a submission still waiting.
    expect(aiToolHrefOf({ ai_tool_type: 'custom', ai_tool_name: null, ai_tool_detail_page: null })).toBeNull();
    expect(aiToolHrefOf({ ai_tool_type: 'pending-tool', ai_tool_name: null, ai_tool_detail_page: null })).toBeNull();
  });
});
