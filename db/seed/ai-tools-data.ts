/**
 * The 14 built-in AI tools as the seed writes them into ai_tools (docs/decisions/038): their
 * copy, links, pricing summaries, platforms, features, use cases, stats, brand styling and
 * landing copy. Read only by db/seed (seedReferenceData): every page reads the rows, which a
 * maintainer or an administrator may edit later; a row the seed filled once is never
 * overwritten.
 *
 * Facts (pricing, features, stats) reflect the public products as of late 2026;
 * figures are deliberately rounded ("8,000+") rather than precise.
 */
import { AI_TOOL_IDS, AI_TOOL_NAMES, TOOL_DETAIL_IDS, type AiToolId } from '@/src/shared/ai-tool-ids';
import type { AiTool, AiToolFeatureCard } from '@/src/shared/ai-tools';

/** One tool's copy; its id, name and category come from src/shared/ai-tool-ids.ts. */
interface AiToolCopy {
  description: string;
  longDescription: string;
  isClaimed: boolean;
  claimedBy: string | null;
  lastUpdate: string;
  officialSite: string;
  documentation: string;
  github: string | null;
  pricing: string;
  supportedPlatforms: string[];
  features: string[];
  useCases: string[];
  stats: { label: string; value: string }[];
  gradient: [string, string];
  monogram: string;
  landing: {
    headline: string;
    subheadline: string;
    features: [AiToolFeatureCard, AiToolFeatureCard, AiToolFeatureCard];
  };
}

const AI_TOOL_COPY: Record<AiToolId, AiToolCopy> = {
  n8n: {
    description: 'Fair-code workflow automation that pairs a visual node editor with code, AI agents and self-hosting.',
    longDescription:
      'n8n is a workflow automation platform that lets technical teams connect 400+ apps and APIs on a visual canvas, then drop into JavaScript or Python whenever a node is not enough. Its AI nodes build LangChain-based agents with memory, tools and the model provider of your choice. Run it on n8n Cloud or self-host the source-available Community Edition with Docker to keep data on your own infrastructure.',
    isClaimed: true,
    claimedBy: 'n8n Team',
    lastUpdate: '2026-11-16',
    officialSite: 'https://n8n.io',
    documentation: 'https://docs.n8n.io',
    github: 'https://github.com/n8n-io/n8n',
    pricing: 'Community Edition free to self-host; Cloud from €20/month billed annually; Business and Enterprise plans',
    supportedPlatforms: ['Web', 'Self-hosted', 'Docker', 'API'],
    features: [
      'Visual node editor with JavaScript and Python code nodes',
      '400+ integrations plus an HTTP Request node for any API',
      'AI Agent nodes with memory, tools and vector stores',
      'Self-hosting with Docker, including queue mode for scale',
      'Webhook, schedule and app-event triggers',
      'MCP client and server support for AI agents',
    ],
    useCases: [
      'AI agents that triage support tickets and draft replies',
      'Lead enrichment and CRM synchronisation',
      'Back-office automation on private infrastructure',
      'Data pipelines between databases, spreadsheets and SaaS APIs',
      'Scheduled reports delivered to Slack or email',
    ],
    stats: [
      { label: 'Integrations', value: '400+' },
      { label: 'GitHub stars', value: '150K+' },
      { label: 'Licence', value: 'Fair-code' },
      { label: 'Hosting', value: 'Cloud or self-hosted' },
    ],
    gradient: ['#EA4B71', '#FF9A5C'],
    monogram: 'n8',
    landing: {
      headline: 'Ship n8n workflows that run on day one',
      subheadline: 'Browse and sell importable n8n workflows, AI agents and starter kits, each documented with the nodes, credentials and version it needs.',
      features: [
        {
          title: 'Ready-made workflows',
          description: 'Import tested workflow JSON straight into your editor, with setup notes for every credential and trigger.',
        },
        {
          title: 'Self-host friendly',
          description: 'Products list whether they run on Community Edition, n8n Cloud or both, so nothing breaks on your own server.',
        },
        {
          title: 'Follow releases',
          description: 'Track the n8n version each product targets and see when a maintainer ships an update for a new release.',
        },
      ],
    },
  },
  make: {
    description: 'Visual automation platform for building multi-step scenarios across thousands of apps, with AI agents built in.',
    longDescription:
      'Make, formerly Integromat, lets teams design automations as scenarios on a visual canvas, with routers, filters, iterators and error handlers that show exactly how data moves between apps. It connects thousands of apps through ready-made modules, plus HTTP and webhook modules for anything else. Make AI Agents add goal-driven steps that choose tools and act inside your scenarios.',
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-11-05',
    officialSite: 'https://www.make.com',
    documentation: 'https://help.make.com',
    github: null,
    pricing: 'Free plan (1,000 credits/month); paid plans from $9/month billed annually; Enterprise custom',
    supportedPlatforms: ['Web', 'iOS', 'Android', 'API'],
    features: [
      'Drag-and-drop scenario builder with routers, filters and iterators',
      'Thousands of app modules plus HTTP and webhook modules',
      'Visual data mapping with built-in functions',
      'Error handlers with retry, rollback and break routes',
      'Make AI Agents for goal-driven steps inside scenarios',
      'Scheduling, execution history and run-by-run inspection',
    ],
    useCases: [
      'Marketing operations across ads, CRM and email tools',
      'E-commerce order, inventory and invoice sync',
      'Content pipelines that draft, review and publish with AI',
      'Finance and HR approval flows',
      'Client automation delivered by agencies',
    ],
    stats: [
      { label: 'App integrations', value: '2,000+' },
      { label: 'Free plan', value: '1,000 credits/month' },
      { label: 'Founded', value: '2012 (as Integromat)' },
    ],
    gradient: ['#6D00CC', '#F024F6'],
    monogram: 'M',
    landing: {
      headline: 'Make scenarios, ready to import',
      subheadline: 'Find and sell Make blueprints that are mapped, tested and explained, from lead routing to AI content pipelines.',
      features: [
        {
          title: 'Importable blueprints',
          description: 'Download the scenario blueprint and import it into your Make organisation in a couple of clicks.',
        },
        {
          title: 'Credit-aware builds',
          description: 'Listings show the modules used and a typical credit cost per run, so you can size your plan before you buy.',
        },
        {
          title: 'Connections explained',
          description: 'Every product lists the apps and connections it needs, with setup steps for each one.',
        },
      ],
    },
  },
  zapier: {
    description: 'No-code automation that connects 8,000+ apps through Zaps, Tables, Interfaces and AI agents.',
    longDescription:
      'Zapier links one of the widest catalogues of SaaS apps available, turning "when this happens, do that" into multi-step Zaps with filters, paths and formatter steps. Beyond Zaps it ships Tables for data, Interfaces for forms and lightweight apps, and Zapier Agents that work across your connected tools. Its MCP server exposes the same actions to AI assistants such as ChatGPT and Claude.',
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-11-10',
    officialSite: 'https://zapier.com',
    documentation: 'https://help.zapier.com',
    github: 'https://github.com/zapier/zapier-platform',
    pricing: 'Free plan (100 tasks/month); Professional from $19.99/month and Team from $69/month, billed annually',
    supportedPlatforms: ['Web', 'Chrome extension', 'API'],
    features: [
      'Multi-step Zaps with filters, paths and delays',
      '8,000+ app integrations with webhooks and code steps',
      'Zapier Tables for structured data',
      'Interfaces for forms, portals and chatbots',
      'Zapier Agents for AI-driven work across apps',
      'Copilot that builds Zaps from plain-English prompts',
    ],
    useCases: [
      'Routing form leads into a CRM and Slack',
      'Syncing data between sales, support and billing tools',
      'AI summaries of emails, calls and tickets',
      'Lightweight internal tools built on Tables and Interfaces',
      'Onboarding and offboarding checklists across apps',
    ],
    stats: [
      { label: 'App integrations', value: '8,000+' },
      { label: 'Free plan', value: '100 tasks/month' },
      { label: 'Founded', value: '2011' },
    ],
    gradient: ['#FF4F00', '#FF9E5E'],
    monogram: 'Z',
    landing: {
      headline: 'Zap templates that save hours',
      subheadline: 'Shared Zaps, Tables and Interfaces from builders who run them in production, with every app and plan requirement spelled out.',
      features: [
        {
          title: 'Share-link setup',
          description: 'Copy a Zap into your account from its share link, then connect your own apps and turn it on.',
        },
        {
          title: 'Plan requirements up front',
          description: 'Each listing flags premium apps, multi-step Zaps and expected task usage before you buy.',
        },
        {
          title: 'Beyond single Zaps',
          description: 'Get complete systems that combine Zaps, Tables, Interfaces and Agents into one working solution.',
        },
      ],
    },
  },
  lovable: {
    description: 'AI app builder that turns a chat prompt into a full-stack React web app you can edit, deploy and own.',
    longDescription:
      'Lovable generates production-style web apps in React, TypeScript, Tailwind CSS and Vite from natural-language prompts, then keeps iterating as you chat or edit visually. Lovable Cloud and the Supabase integration add authentication, databases, storage and backend functions without leaving the editor. Every project syncs two-way with GitHub, so the code stays yours to extend or host anywhere.',
    isClaimed: true,
    claimedBy: 'Lovable Team',
    lastUpdate: '2026-11-13',
    officialSite: 'https://lovable.dev',
    documentation: 'https://docs.lovable.dev',
    github: null,
    pricing: 'Free (5 credits/day); Pro from $25/month; Business from $50/month; Enterprise custom',
    supportedPlatforms: ['Web'],
    features: [
      'Chat-driven agent that plans, writes and debugs code',
      'Visual edits for layout, copy and styling',
      'Lovable Cloud and Supabase for auth, database and storage',
      'Two-way GitHub sync',
      'One-click publishing with custom domains',
      'Code mode for direct edits on paid plans',
    ],
    useCases: [
      'MVPs and startup prototypes',
      'Internal dashboards and admin tools',
      'Landing pages and marketing sites',
      'Client portals with login and payments',
      'Design-to-code handoff for product teams',
    ],
    stats: [
      { label: 'Generated stack', value: 'React + Tailwind' },
      { label: 'Free plan', value: '5 credits/day' },
      { label: 'Headquarters', value: 'Stockholm' },
    ],
    gradient: ['#FF7A45', '#D946EF'],
    monogram: 'L',
    landing: {
      headline: 'Start from a Lovable app, not a blank prompt',
      subheadline: 'Remix complete Lovable projects and starter kits, then keep building in chat or in your own editor.',
      features: [
        {
          title: 'Remixable projects',
          description: 'Open a working app in your own Lovable workspace and keep prompting from where the creator left off.',
        },
        {
          title: 'Backend included',
          description: 'Kits ship with auth, database schema and storage already wired through Lovable Cloud or Supabase.',
        },
        {
          title: 'Code you own',
          description: 'Every project syncs to GitHub, so you can review, extend and deploy the code anywhere.',
        },
      ],
    },
  },
  bolt: {
    description: 'In-browser AI agent from StackBlitz that builds, runs and deploys full-stack web and mobile apps.',
    longDescription:
      'Bolt.new pairs a coding agent with StackBlitz WebContainers, so a complete Node.js environment runs inside the browser tab with no local setup. Prompt an app in React, Next.js, Astro, Vue, Svelte and more, or a native mobile app with Expo, then install packages, run the dev server and fix errors in place. Built-in hosting, databases and one-click deploys take projects live from the same tab.',
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-11-04',
    officialSite: 'https://bolt.new',
    documentation: 'https://support.bolt.new',
    github: 'https://github.com/stackblitz/bolt.new',
    pricing: 'Free tier with a monthly token allowance; Pro from $25/month; Teams and Enterprise plans',
    supportedPlatforms: ['Web'],
    features: [
      'Full Node.js runtime in the browser via WebContainers',
      'Prompt-to-app for React, Next.js, Astro, Vue, Svelte and more',
      'Native mobile apps with Expo',
      'Built-in hosting and one-click deploys',
      'Database, auth and Supabase integrations',
      'Project import from GitHub and Figma',
    ],
    useCases: [
      'Full-stack prototypes in minutes',
      'Mobile app MVPs with Expo',
      'Hackathon and demo projects',
      'Marketing sites with instant deploys',
      'Learning a new framework hands-on',
    ],
    stats: [
      { label: 'GitHub stars', value: '15K+' },
      { label: 'Runtime', value: 'WebContainers' },
      { label: 'Built by', value: 'StackBlitz' },
    ],
    gradient: ['#0B0F1A', '#1389FD'],
    monogram: 'B',
    landing: {
      headline: 'Bolt starters that boot in the browser',
      subheadline: 'Pick up full-stack templates and app kits made for Bolt, open them in a tab and ship without installing anything.',
      features: [
        {
          title: 'Zero-install starters',
          description: 'Templates run straight in WebContainers, so you can explore, prompt and edit before touching a terminal.',
        },
        {
          title: 'Framework variety',
          description: 'Find kits for React, Next.js, Astro, Svelte and Expo, each tagged with its stack and dependencies.',
        },
        {
          title: 'Deploy-ready',
          description: 'Products are set up for one-click deploys, with environment variables and database steps documented.',
        },
      ],
    },
  },
  cursor: {
    description: 'AI-first code editor built on VS Code, with predictive Tab completions, an autonomous agent and cloud agents.',
    longDescription:
      "Cursor is the AI code editor from Anysphere, a fork of VS Code that imports your extensions, themes and keybindings. It indexes the whole codebase so its Agent can plan multi-file changes, run terminal commands and check the result, while Tab predicts your next edit. Models from OpenAI, Anthropic and Google sit alongside Cursor's own Composer models, and the same agents run in the cloud, from the CLI and on pull requests through Bugbot.",
    isClaimed: true,
    claimedBy: 'Anysphere',
    lastUpdate: '2026-11-12',
    officialSite: 'https://cursor.com',
    documentation: 'https://cursor.com/docs',
    github: 'https://github.com/getcursor/cursor',
    pricing: 'Hobby free; Pro $20/month; Pro+ $60/month; Ultra $200/month; Teams $40/user/month',
    supportedPlatforms: ['macOS', 'Windows', 'Linux', 'Web', 'CLI'],
    features: [
      'Tab: multi-line next-edit prediction',
      'Agent for multi-file changes and terminal commands',
      'Codebase indexing and semantic search',
      "Models from OpenAI, Anthropic and Google plus Cursor's Composer",
      'Cloud agents and a CLI for parallel, long-running tasks',
      'Bugbot automated pull request review',
    ],
    useCases: [
      'Refactors that span many files',
      'Onboarding onto an unfamiliar codebase',
      'Writing and fixing tests',
      'Prototyping features from a spec',
      'Delegating background tasks to cloud agents',
    ],
    stats: [
      { label: 'Built on', value: 'VS Code' },
      { label: 'Hobby plan', value: 'Free' },
      { label: 'Pro plan', value: '$20/month' },
    ],
    gradient: ['#0A0A0A', '#5B6472'],
    monogram: 'Cu',
    landing: {
      headline: 'Make Cursor work the way your team does',
      subheadline: 'Rules, prompts, MCP setups and project starters from developers who use Cursor every day.',
      features: [
        {
          title: 'Rules that stick',
          description: 'Drop-in project rules that teach the agent your stack, conventions and review standards.',
        },
        {
          title: 'MCP and tooling packs',
          description: 'Pre-configured MCP servers and commands that connect Cursor to your docs, databases and issue tracker.',
        },
        {
          title: 'Agent-ready starters',
          description: 'Repositories structured for agentic work, with tests and docs that keep long-running edits on track.',
        },
      ],
    },
  },
  'github-copilot': {
    description: "GitHub's AI coding assistant, with completions, chat, agent mode and a coding agent that opens pull requests.",
    longDescription:
      'GitHub Copilot brings AI assistance to the editors developers already use, including VS Code, Visual Studio, JetBrains IDEs, Xcode and Eclipse, as well as github.com and the command line. Agent mode makes multi-file edits in the IDE, while the Copilot coding agent takes an assigned issue, works in its own GitHub Actions environment and opens a pull request for review. Developers can switch between models from OpenAI, Anthropic and Google.',
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-11-06',
    officialSite: 'https://github.com/features/copilot',
    documentation: 'https://docs.github.com/en/copilot',
    github: 'https://github.com/microsoft/vscode-copilot-chat',
    pricing: 'Free tier; Pro $10/month; Pro+ $39/month; Business $19/user/month; Enterprise $39/user/month',
    supportedPlatforms: ['VS Code', 'Visual Studio', 'JetBrains', 'Xcode', 'Web', 'CLI'],
    features: [
      'Inline completions and next edit suggestions',
      'Copilot Chat in the IDE, on github.com and in GitHub Mobile',
      'Agent mode for multi-file edits in the IDE',
      'Copilot coding agent that turns issues into pull requests',
      'Copilot code review on pull requests',
      'Copilot CLI, custom instructions and MCP support',
    ],
    useCases: [
      'Everyday code completion in existing IDEs',
      'Assigning routine issues to the coding agent',
      'First-pass code review on pull requests',
      'Explaining unfamiliar code and APIs',
      'Generating tests and documentation',
    ],
    stats: [
      { label: 'Pro plan', value: '$10/month' },
      { label: 'Free plan', value: '2,000 completions/month' },
      { label: 'Launched', value: '2021' },
    ],
    gradient: ['#24292F', '#8957E5'],
    monogram: 'GC',
    landing: {
      headline: 'Give Copilot better instructions',
      subheadline: 'Custom instructions, prompt files, agents and repo templates that help Copilot produce code your team will merge.',
      features: [
        {
          title: 'Instruction packs',
          description: 'Repository instructions and prompt files tuned for specific frameworks, languages and team conventions.',
        },
        {
          title: 'Coding-agent ready',
          description: 'Repo templates with setup steps and tests so the Copilot coding agent can pick up issues and deliver clean pull requests.',
        },
        {
          title: 'Works in your IDE',
          description: 'Every product notes which editors and Copilot plans it supports, from VS Code to JetBrains and Xcode.',
        },
      ],
    },
  },
  gemini: {
    description: "Google's multimodal AI assistant, with deep research, long-context reasoning and native image and video generation.",
    longDescription:
      "Gemini is Google's AI assistant and model family, built by Google DeepMind and available on the web, Android and iOS, and inside Gmail, Docs and other Workspace apps. It reasons over text, images, audio, video and long documents, and adds Deep Research reports, Canvas for drafting and code, and Gems for reusable custom assistants. Developers reach the same models through the Gemini API in Google AI Studio and Vertex AI.",
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-11-11',
    officialSite: 'https://gemini.google.com',
    documentation: 'https://ai.google.dev/gemini-api/docs',
    github: 'https://github.com/google-gemini/gemini-cli',
    pricing: 'Free tier; Google AI Plus $7.99/month; Google AI Pro $19.99/month; Ultra plans for the highest limits',
    supportedPlatforms: ['Web', 'Android', 'iOS', 'API'],
    features: [
      'Long-context multimodal reasoning over files, images, audio and video',
      'Deep Research for cited, multi-source reports',
      'Gemini Live voice and camera conversations',
      'Image generation and editing, plus Veo video generation',
      'Gems: reusable custom assistants',
      'Built into Gmail, Docs, Drive and other Google apps',
    ],
    useCases: [
      'Research briefs and competitive analysis',
      'Summarising long documents, videos and inboxes',
      'Drafting in Docs and Gmail',
      'Multimodal apps built on the Gemini API',
      'Image and short video creation',
    ],
    stats: [
      { label: 'Monthly app users', value: '650M+' },
      { label: 'Context window', value: 'Up to 1M tokens' },
      { label: 'Built by', value: 'Google DeepMind' },
    ],
    gradient: ['#1A73E8', '#A142F4'],
    monogram: 'G',
    landing: {
      headline: 'Build on Gemini with a head start',
      subheadline: 'Gems, prompt systems and Gemini API starters for research, multimodal apps and Workspace productivity.',
      features: [
        {
          title: 'Ready-to-use Gems',
          description: 'Instruction sets you can paste into a Gem to get a focused assistant for a specific job in minutes.',
        },
        {
          title: 'API starters',
          description: 'Code templates for the Gemini API covering long-context, multimodal input and structured output.',
        },
        {
          title: 'Workspace workflows',
          description: 'Playbooks that put Gemini to work across Gmail, Docs, Sheets and Drive.',
        },
      ],
    },
  },
  chatgpt: {
    description: "OpenAI's assistant for writing, coding, research and analysis, with voice, image generation and agent mode.",
    longDescription:
      "ChatGPT is OpenAI's conversational assistant, powered by the GPT-5 model family and available on the web, desktop and mobile. It searches the web with citations, analyses files and data, generates images, holds real-time voice conversations and, in agent mode, completes multi-step tasks in its own browser. Custom GPTs, Projects and apps that connect to services such as Google Drive, GitHub and Slack let people tailor it to their own work.",
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-11-13',
    officialSite: 'https://chatgpt.com',
    documentation: 'https://platform.openai.com/docs',
    github: 'https://github.com/openai/openai-python',
    pricing: 'Free tier; Go $8/month; Plus $20/month; Pro $200/month; Business and Enterprise plans',
    supportedPlatforms: ['Web', 'iOS', 'Android', 'macOS', 'Windows', 'API'],
    features: [
      'GPT-5 family models that decide when to reason longer',
      'Web search with cited sources',
      'Deep research for multi-step investigations',
      'Agent mode that browses and completes tasks',
      'Image generation and file and data analysis',
      'Custom GPTs, Projects and memory',
    ],
    useCases: [
      'Writing, editing and translation',
      'Research with cited sources',
      'Spreadsheet and data analysis',
      'Coding help and debugging',
      'Custom GPTs for team processes',
    ],
    stats: [
      { label: 'Weekly users', value: '800M+' },
      { label: 'Launched', value: 'November 2022' },
      { label: 'Plus plan', value: '$20/month' },
    ],
    gradient: ['#10A37F', '#0B5E4A'],
    monogram: 'CG',
    landing: {
      headline: 'Get more from ChatGPT, faster',
      subheadline: 'Custom GPTs, prompt libraries and OpenAI API starters built by people who use ChatGPT for real work.',
      features: [
        {
          title: 'Custom GPT kits',
          description: 'Instructions, knowledge files and action schemas to stand up a focused GPT for your team.',
        },
        {
          title: 'Prompt libraries',
          description: 'Tested prompts for writing, research, analysis and coding, organised by task and model.',
        },
        {
          title: 'API starters',
          description: 'Templates built on the official OpenAI SDKs for chat apps, structured outputs and tool calling.',
        },
      ],
    },
  },
  deepseek: {
    description: 'Open-weight language models with a free chat app and a low-cost, OpenAI-compatible API.',
    longDescription:
      'DeepSeek is a Hangzhou-based AI lab whose mixture-of-experts models, from DeepSeek-V3 and R1 to the V4 series, are released as open weights under the MIT licence. Its free chat app offers a DeepThink reasoning mode and web search, while the API uses an OpenAI-compatible format at prices well below most frontier providers. Because the weights are public, teams can also self-host or fine-tune the models on their own hardware.',
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-10-28',
    officialSite: 'https://www.deepseek.com',
    documentation: 'https://api-docs.deepseek.com',
    github: 'https://github.com/deepseek-ai/DeepSeek-V3',
    pricing: 'Chat app free; API pay-as-you-go per million tokens; open weights free to self-host',
    supportedPlatforms: ['Web', 'iOS', 'Android', 'API', 'Self-hosted'],
    features: [
      'Open weights under the MIT licence',
      'Mixture-of-experts architecture for efficient inference',
      'DeepThink reasoning mode',
      'OpenAI-compatible API with context caching',
      'Web search and file reading in the chat app',
      'Weights on Hugging Face for self-hosting and fine-tuning',
    ],
    useCases: [
      'Cost-sensitive production workloads',
      'Maths, coding and step-by-step reasoning',
      'Self-hosted models for data control',
      'Fine-tuning for domain tasks',
      'Drop-in replacement for OpenAI-style APIs',
    ],
    stats: [
      { label: 'Weights licence', value: 'MIT' },
      { label: 'Architecture', value: 'Mixture-of-experts' },
      { label: 'Headquarters', value: 'Hangzhou' },
    ],
    gradient: ['#4D6BFE', '#1E2A8A'],
    monogram: 'DS',
    landing: {
      headline: 'Run DeepSeek your way',
      subheadline: 'API starters, self-hosting guides and prompt packs for teams that want strong reasoning at a lower cost.',
      features: [
        {
          title: 'Drop-in API starters',
          description: 'Templates that call DeepSeek through the OpenAI-compatible format, ready to switch from other providers.',
        },
        {
          title: 'Self-hosting guides',
          description: 'Deployment recipes for serving open DeepSeek weights on your own GPUs or cloud.',
        },
        {
          title: 'Reasoning prompt packs',
          description: 'Prompts tuned for DeepThink on maths, code and multi-step analysis.',
        },
      ],
    },
  },
  claude: {
    description: "Anthropic's AI assistant for writing, analysis and coding, with Projects, Artifacts and Claude Code.",
    longDescription:
      "Claude is Anthropic's family of AI models and the assistant built on them, known for careful writing, strong coding and reliable reasoning over large documents. The Claude apps add Projects with shared knowledge, Artifacts for interactive documents and apps, and web search with research reports, while Claude Code brings the same models into the terminal, IDE and CI as an agentic coding tool. Anthropic also created the Model Context Protocol, the open standard for connecting AI to tools and data.",
    isClaimed: true,
    claimedBy: 'Anthropic',
    lastUpdate: '2026-11-18',
    officialSite: 'https://claude.ai',
    documentation: 'https://docs.claude.com',
    github: 'https://github.com/anthropics/anthropic-sdk-python',
    pricing: 'Free tier; Pro $20/month ($17/month billed annually); Max from $100/month; Team and Enterprise plans',
    supportedPlatforms: ['Web', 'iOS', 'Android', 'macOS', 'Windows', 'API', 'CLI'],
    features: [
      'Opus, Sonnet and Haiku models for depth, balance or speed',
      'Claude Code for agentic coding in the terminal, IDE and web',
      'Projects and Artifacts for shared context and live outputs',
      'Extended thinking for complex reasoning',
      'Web search and Research with citations',
      'MCP connectors for tools such as Google Drive, Slack and GitHub',
    ],
    useCases: [
      'Agentic software development with Claude Code',
      'Long-document analysis and summarisation',
      'Writing and editing with a consistent voice',
      'Research reports with citations',
      'AI agents built on the Claude API',
    ],
    stats: [
      { label: 'Model tiers', value: 'Opus, Sonnet, Haiku' },
      { label: 'Context window', value: 'Up to 1M tokens' },
      { label: 'Pro plan', value: '$20/month' },
    ],
    gradient: ['#D97757', '#A8472B'],
    monogram: 'Cl',
    landing: {
      headline: 'Build with Claude, from prompt to production',
      subheadline: 'Claude Code skills, MCP servers, Project templates and API starters from builders who ship with Claude.',
      features: [
        {
          title: 'Claude Code add-ons',
          description: 'Skills, slash commands, hooks and subagents that slot into Claude Code and encode your team workflow.',
        },
        {
          title: 'MCP servers',
          description: 'Connectors that give Claude secure access to your tools and data, with setup steps for desktop and API.',
        },
        {
          title: 'Project templates',
          description: 'Instructions and knowledge layouts for Claude Projects, ready to adapt for writing, research or support.',
        },
      ],
    },
  },
  midjourney: {
    description: 'Independent image generation lab known for distinctive, high-aesthetic images, now with video.',
    longDescription:
      'Midjourney turns text prompts and reference images into highly stylised images through its web app and Discord bot. Style references, personalization profiles, image references and the built-in editor give fine control over look, subject and composition, and its video model animates images into short clips. The company is self-funded and runs on paid subscriptions, with no free tier.',
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-10-22',
    officialSite: 'https://www.midjourney.com',
    documentation: 'https://docs.midjourney.com',
    github: null,
    pricing: 'Basic $10/month; Standard $30/month; Pro $60/month; Mega $120/month; no free tier',
    supportedPlatforms: ['Web', 'Discord'],
    features: [
      'Text-to-image with the V8 model family',
      'Style references and personalization profiles',
      'Image and character references for consistent subjects',
      'Editor for inpainting, outpainting and retexturing',
      'Image-to-video animation',
      'Niji models for anime and illustration',
    ],
    useCases: [
      'Concept art and mood boards',
      'Campaign and social visuals',
      'Book covers and editorial illustration',
      'Product and packaging exploration',
      'Storyboards and animated shots',
    ],
    stats: [
      { label: 'Current model', value: 'V8' },
      { label: 'Plans from', value: '$10/month' },
      { label: 'Founded', value: '2021' },
    ],
    gradient: ['#0F0F12', '#6B7280'],
    monogram: 'MJ',
    landing: {
      headline: 'Midjourney styles you can reuse',
      subheadline: 'Prompt packs, style codes and reference sets that deliver a consistent look every time you generate.',
      features: [
        {
          title: 'Style codes and srefs',
          description: 'Curated style references and codes with example grids, so you know the look before you buy.',
        },
        {
          title: 'Prompt packs',
          description: 'Structured prompts with parameters for aspect ratio, stylize and chaos, organised by use case.',
        },
        {
          title: 'Consistent characters',
          description: 'Reference sets and workflows for keeping characters and products on-model across a series.',
        },
      ],
    },
  },
  'stable-diffusion': {
    description: "Stability AI's open-weight image models that run locally, fine-tune easily and power a large open ecosystem.",
    longDescription:
      'Stable Diffusion is the family of latent diffusion models from Stability AI, from SD 1.5 and SDXL to Stable Diffusion 3.5, released with downloadable weights that run on consumer GPUs. A large community ecosystem of LoRAs, ControlNet models and ComfyUI or AUTOMATIC1111 workflows builds on it for precise, customisable image generation. The Stability AI Community License allows free commercial use for organisations under $1M in annual revenue, and hosted access is available through the Stability AI API.',
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-09-24',
    officialSite: 'https://stability.ai',
    documentation: 'https://platform.stability.ai/docs',
    github: 'https://github.com/Stability-AI/generative-models',
    pricing: 'Free self-hosted use under the Community License (under $1M annual revenue); API pay-per-credit; Enterprise licence',
    supportedPlatforms: ['Windows', 'macOS', 'Linux', 'API'],
    features: [
      'Open weights you can run locally or in the cloud',
      'Text-to-image, image-to-image, inpainting and outpainting',
      'Fine-tuning with LoRA and DreamBooth',
      'ControlNet guidance from pose, depth and edges',
      'Node-based workflows in ComfyUI and AUTOMATIC1111',
      'Hosted Stability AI API and enterprise licensing',
    ],
    useCases: [
      'Private, on-device image generation',
      'Custom models trained on a brand or product',
      'Game and 3D texture work',
      'Batch asset production pipelines',
      'Research and experimentation',
    ],
    stats: [
      { label: 'Latest family', value: 'SD 3.5' },
      { label: 'First released', value: '2022' },
      { label: 'Free commercial use', value: 'Under $1M revenue' },
      { label: 'AUTOMATIC1111 stars', value: '140K+' },
    ],
    gradient: ['#7C3AED', '#E0457B'],
    monogram: 'SD',
    landing: {
      headline: 'Stable Diffusion workflows, ready to run',
      subheadline: 'LoRAs, ComfyUI graphs and fine-tuning kits that bring precise, repeatable image generation to your own hardware.',
      features: [
        {
          title: 'ComfyUI workflows',
          description: 'Node graphs you can load in one step, with the models and custom nodes they need listed up front.',
        },
        {
          title: 'LoRAs and checkpoints',
          description: 'Style and subject adapters with base-model compatibility, trigger words and sample outputs.',
        },
        {
          title: 'Licence clarity',
          description: 'Each listing states the base model and licence terms, so commercial use is never a guess.',
        },
      ],
    },
  },
  runway: {
    description: 'AI video platform for generating, editing and directing footage with the Gen-4.5 model family.',
    longDescription:
      'Runway is a New York-based AI research company whose web and iOS apps generate video from text and images, with consistent characters, locations and camera moves. Aleph edits existing footage with prompts, adding or removing objects, changing lighting or generating new angles, while Act-Two transfers a recorded performance onto a character. The same models are available to developers through the Runway API.',
    isClaimed: false,
    claimedBy: null,
    lastUpdate: '2026-11-03',
    officialSite: 'https://runwayml.com',
    documentation: 'https://help.runwayml.com',
    github: null,
    pricing: 'Free (125 one-time credits); Standard $15/month; Pro $35/month; Unlimited $95/month; lower rates billed annually',
    supportedPlatforms: ['Web', 'iOS', 'API'],
    features: [
      'Text-to-video and image-to-video with Gen-4.5',
      'References for consistent characters and locations',
      'Aleph prompt-based video editing',
      'Act-Two performance capture',
      'Camera controls and clip extension',
      'Developer API for video generation',
    ],
    useCases: [
      'Ad spots and social video',
      'Pre-visualisation and storyboards',
      'Music videos and short films',
      'Visual effects on existing footage',
      'Product and e-commerce video',
    ],
    stats: [
      { label: 'Latest video model', value: 'Gen-4.5' },
      { label: 'Founded', value: '2018' },
      { label: 'Free credits', value: '125 one-time' },
    ],
    gradient: ['#0E0E10', '#4F46E5'],
    monogram: 'R',
    landing: {
      headline: 'Direct Runway with proven prompts',
      subheadline: 'Shot recipes, reference kits and editing workflows that turn Runway generations into finished video.',
      features: [
        {
          title: 'Shot recipes',
          description: 'Prompts with camera moves, lighting and pacing notes, each shown with the clip it produced.',
        },
        {
          title: 'Reference kits',
          description: 'Character and location reference sets that keep a subject consistent from shot to shot.',
        },
        {
          title: 'Credit-smart workflows',
          description: 'Step-by-step pipelines that plan credit use before you render, from draft to final cut.',
        },
      ],
    },
  },
};

/** Every seed tool with its copy, in AI_TOOL_IDS order. */
export const SEED_AI_TOOLS: readonly AiTool[] = AI_TOOL_IDS.map((id: AiToolId) => ({
  id,
  ...AI_TOOL_NAMES[id],
  ...AI_TOOL_COPY[id],
  hasDetailPage: TOOL_DETAIL_IDS.includes(id),
  logoUrl: null,
  status: 'approved' as const,
}));
