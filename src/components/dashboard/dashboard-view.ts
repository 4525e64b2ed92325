/**
 * What the dashboard says (spec section 2, Dashboard; section 6, stats per user type): the
 * header's primary action (the user's main task, issue 15), the four stat cards, three quick
 * actions and the Getting Started checklist, made from the
 * figures functions/studio/studio.service.ts computes. Pure, so the words live with the page.
 */
import type { DashboardFigures } from '@/functions/studio/studio.service';
import { formatInteger, formatMoney } from '@/src/shared/studio-format';
import type { StatCardView } from './StatCards.astro';
import { reputationBreakdown } from '@/src/shared/reputation';
import { COMMUNITY_LINKS } from '@/src/shared/community-qa';

export interface QuickAction {
  title: string;
  description: string;
  href: string;
}

export interface ChecklistStep {
  title: string;
  description: string;
  href: string;
  done: boolean;
}

/** A link button in the dashboard's header. */
export interface HeadAction {
  label: string;
  href: string;
}

export interface Dashboard {
  /** The user's main task, the header's primary button (issue 15): never Sign Out. */
  primaryAction: HeadAction;
  /** The header's second button. */
  secondaryAction: HeadAction;
  stats: StatCardView[];
  quickActions: QuickAction[];
  checklist: ChecklistStep[];
}

export function dashboardView(f: DashboardFigures): Dashboard {
  const profileStep: ChecklistStep = {
    title: 'Complete your profile',
    description: 'Add your interests, a bio and a photo so people know who you are.',
    href: '/profile',
    done: f.facts.onboardingStatus === 'completed' || f.facts.hasBio,
  };
  const exploreStep: ChecklistStep = {
    title: 'Explore the marketplace',
    description: 'Open a product or save one to your favorites.',
    href: '/marketplace',
    done: f.facts.explored,
  };

  if (f.userType === 'creator') {
    return {
      primaryAction: { label: 'Create product', href: '/products?new=1' },
      secondaryAction: { label: 'Marketplace', href: '/marketplace' },
      stats: [
        {
          key: 'earnings',
          label: 'Total Earnings',
          value: formatMoney(f.earnings),
          hint: `${formatMoney(f.recentEarnings)} in the last 30 days`,
          href: '/earnings',
        },
        { key: 'products', label: 'Products', value: formatInteger(f.products), hint: `${formatInteger(f.publishedProducts)} published`, href: '/products' },
        { key: 'sales', label: 'Sales', value: formatInteger(f.sales), hint: `${formatInteger(f.recentSales)} in the last 30 days`, href: '/sales' },
        { key: 'followers', label: 'Followers', value: formatInteger(f.followers), hint: 'People following your work', href: '/followers' },
      ],
      quickActions: [
        { title: 'Create AI Product', description: 'List a new tool, prompt pack or workflow with the AI-native editor.', href: '/products?new=1' },
        { title: 'Sales Analytics', description: 'Visitors, sales and conversion of each product over the last 30 days.', href: '/sales' },
        { title: 'Customer Reviews', description: 'See what buyers say about you and your products.', href: '/reviews' },
      ],
      checklist: [
        profileStep,
        {
          title: 'Upload your first product',
          description: 'Create a product with images, delivery and a demo.',
          href: '/products?new=1',
          done: f.facts.hasProduct,
        },
        {
          title: 'Publish it to the marketplace',
          description: 'Set a product to Published so buyers can find it.',
          href: '/products',
          done: f.facts.hasPublished,
        },
        {
          title: 'Connect with the community',
          description: 'Follow a creator or an AI tool to see their updates.',
          href: '/ai-tools',
          done: f.facts.followsPerson || f.facts.followsTool,
        },
      ],
    };
  }

  if (f.userType === 'buyer') {
    return {
      primaryAction: { label: 'Browse the marketplace', href: '/marketplace' },
      secondaryAction: { label: 'Your library', href: '/library' },
      stats: [
        {
          key: 'purchases',
          label: 'Purchases',
          value: formatInteger(f.downloads),
          hint: `${formatInteger(f.paidDownloads)} paid, ${formatInteger(f.downloads - f.paidDownloads)} free`,
          href: '/profile',
        },
        { key: 'favorites', label: 'Favorites', value: formatInteger(f.favorites), hint: 'Products you saved', href: '/marketplace#favorites' },
        {
          key: 'following',
          label: 'Following',
          value: formatInteger(f.followingPeople + f.followingTools),
          hint: `${formatInteger(f.followingPeople)} creators, ${formatInteger(f.followingTools)} AI tools`,
          href: '/ai-tools',
        },
        { key: 'reviews', label: 'Reviews written', value: formatInteger(f.reviews), hint: 'Of products and creators' },
      ],
      quickActions: [
        { title: 'Browse the Marketplace', description: 'Find AI tools, prompts and workflows by category and budget.', href: '/marketplace' },
        { title: 'Your Favorites', description: 'Come back to the products you saved.', href: '/marketplace#favorites' },
        { title: 'Follow AI Tools', description: 'Get update notices from the tools you use.', href: '/ai-tools' },
      ],
      checklist: [
        profileStep,
        exploreStep,
        {
          title: 'Follow an AI tool or a creator',
          description: 'Stay on top of updates from the tools you rely on.',
          href: '/ai-tools',
          done: f.facts.followsPerson || f.facts.followsTool,
        },
        { title: 'Get your first tool', description: 'Download a free product or buy one.', href: '/marketplace?budget=free', done: f.facts.downloaded },
      ],
    };
  }

  const rep = f.reputation;
  return {
    primaryAction: { label: 'Start a discussion', href: COMMUNITY_LINKS.newThread },
    secondaryAction: { label: 'Find creators', href: '/marketplace#creators' },
    stats: [
      {
        key: 'posts',
        label: 'Posts',
        value: formatInteger(f.threads + f.replies),
        hint: `${formatInteger(f.threads)} ${f.threads === 1 ? 'thread' : 'threads'}, ${formatInteger(f.replies)} ${f.replies === 1 ? 'reply' : 'replies'}`,
        href: COMMUNITY_LINKS.spaces,
      },
      { key: 'connections', label: 'Connections', value: formatInteger(f.connections), hint: 'People you follow or who follow you' },
      {
        key: 'discussions',
        label: 'Discussions',
        value: formatInteger(f.discussions),
        hint: 'Threads you started or replied to',
        href: COMMUNITY_LINKS.spaces,
      },
      { key: 'reputation', label: 'Reputation', value: formatInteger(rep.score), hint: reputationBreakdown(rep.parts), href: '/profile#reputation' },
    ],
    quickActions: [
      { title: 'Start a Discussion', description: 'Ask a question or share what you built with AI tools.', href: COMMUNITY_LINKS.newThread },
      { title: 'Browse Spaces', description: 'A space for every AI tool, plus Help, Automation and more.', href: COMMUNITY_LINKS.spaces },
      { title: 'Answer Questions', description: 'Help someone stuck and earn reputation when your answer is accepted.', href: COMMUNITY_LINKS.unanswered },
    ],
    checklist: [
      profileStep,
      exploreStep,
      { title: 'Make your first connection', description: 'Follow a creator whose work you like.', href: '/marketplace#creators', done: f.facts.followsPerson },
      { title: 'Join a discussion', description: 'Start a thread or reply to one in a space you like.', href: COMMUNITY_LINKS.spaces, done: f.discussions > 0 },
    ],
  };
}
