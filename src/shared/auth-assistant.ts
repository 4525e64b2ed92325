/**
 * The 'Need Help? Ask AI' assistant of the auth page (spec section 4): keyword intents and
 * its replies. Pure, so the island and the unit tests share it.
 */
import type { UserType } from './domain';

export const ASSISTANT_REPLY_DELAY_MS = 1000;
/** Quick options show while the conversation has this many messages or fewer. */
export const ASSISTANT_QUICK_OPTIONS_MAX_MESSAGES = 2;

export const ASSISTANT_GREETING = "Hi! I'm the toolmint assistant. Tell me what you want to do here and I'll suggest the right account type.";

export const ASSISTANT_QUICK_OPTIONS: readonly { label: string; text: string }[] = [
  { label: 'I want to sell AI tools', text: 'I want to sell my AI tools and make money' },
  { label: "I'm looking for AI tools", text: "I'm looking for an AI solution for my business" },
  { label: 'I want to join the community', text: 'I want to join the community and connect with builders' },
];

/** Checked in this order: the first group with a matching keyword wins. */
const INTENT_KEYWORDS: readonly { type: UserType; keywords: readonly string[] }[] = [
  { type: 'creator', keywords: ['sell', 'creator', 'developer', 'make money'] },
  { type: 'buyer', keywords: ['buy', 'looking for', 'need', 'solution'] },
  { type: 'community', keywords: ['community', 'join', 'connect', 'network'] },
];

export function detectIntent(text: string): UserType | null {
  const value = text.toLowerCase();
  for (const group of INTENT_KEYWORDS) {
    if (group.keywords.some((keyword) => value.includes(keyword))) return group.type;
  }
  return null;
}

export const ASSISTANT_REPLIES: Record<UserType | 'unknown', string> = {
  creator:
    "Sounds like you're a creator! A Creator account lets you list AI tools, prompts and automations, build a public profile and track your sales. I've selected Creator for you in the sign-up form.",
  buyer:
    "You're looking for tools that get the job done. A Buyer account lets you discover, download and follow AI tools and products. I've selected Buyer for you in the sign-up form.",
  community:
    "Welcome! A Community account is for joining discussions, connecting with builders and growing your network. I've selected Community for you in the sign-up form.",
  unknown: 'Could you tell me a bit more? For example: do you want to sell AI tools, find tools for your work, or connect with other builders?',
};

export function assistantReply(text: string): { intent: UserType | null; reply: string } {
  const intent = detectIntent(text);
  return { intent, reply: ASSISTANT_REPLIES[intent ?? 'unknown'] };
}
