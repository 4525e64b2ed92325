/**
 * The write routes a signed-in account may call before it has verified its email address, each
 * with the reason (issue 29, docs/decisions/052). Every other write open to signed-in users
 * declares `auth: 'verified'`: anything other people see (posts, votes, reports, tool pages,
 * claims, reviews) or that acts for the account elsewhere (API keys, webhooks, outbound fetches).
 * tests/unit/verified-writes.test.ts reads API_ROUTES and fails on a write route that is
 * `auth: 'user'` without an entry here, and on an entry that names no such route.
 *
 * Routes under /api/admin/ are not listed: they answer only administrators (the handler checks
 * the role), whose accounts are made by the operator.
 */
export const ADMIN_PATH_PREFIX = '/api/admin/';

const OWN_PROFILE =
  "Your own profile: the sign-up flow's onboarding sets it before the email link is opened (spec section 4); names and pictures are checked like any input and can be reported.";
const DRAFTS =
  'Drafts and their files are private; making a product public is refused without a verified email in the products service (docs/decisions/012), whatever route asks.';
const PRIVATE = 'Only the account itself sees this.';
const TAKES_BACK = 'Takes back something of your own (a vote, a mark, a post, a key): it never adds anything others see, and must stay possible.';
const AFTER_A_SALE = 'Needs an order or a sale, and buying and publishing already need a verified email.';
const FOLLOWS = 'Decision 012 promises that a new account may follow at once; an unverified follower never adds to anyone’s reputation (docs/decisions/052).';

export const OPEN_TO_UNVERIFIED: Readonly<Record<string, string>> = {
  // Account and profile.
  replaceProfile: OWN_PROFILE,
  updateProfile: OWN_PROFILE,
  uploadAvatar: OWN_PROFILE,
  removeAvatar: OWN_PROFILE,
  uploadBanner: OWN_PROFILE,
  removeBanner: OWN_PROFILE,
  saveOnboarding: OWN_PROFILE,
  startSelling: 'Only turns a buyer into a creator, who may then save drafts; publishing checks the verified email.',
  setHandle: OWN_PROFILE,
  revokeAccountSession: 'Ending a session must always be possible: it is how a person locks out someone who has their password.',
  putNotificationSettings: PRIVATE,
  markNotificationRead: PRIVATE,
  markAllNotificationsRead: PRIVATE,
  addFavorite: PRIVATE,
  removeFavorite: PRIVATE,
  // The cart is the account's own list, as a visitor's is the browser's; paying it (POST
  // /api/checkout/cart) needs a verified email.
  addCartItem: PRIVATE,
  removeCartItem: PRIVATE,
  mergeCart: PRIVATE,
  followCommunityThread: 'Only brings a thread’s replies to your own notifications.',
  unfollowCommunityThread: TAKES_BACK,
  previewCommunityPost: 'Renders Markdown and stores nothing.',
  followTool: FOLLOWS,
  unfollowTool: TAKES_BACK,
  followPerson: FOLLOWS,
  unfollowPerson: TAKES_BACK,
  // Taking back.
  unvoteCommunityThread: TAKES_BACK,
  unvoteCommunityReply: TAKES_BACK,
  deleteCommunityThread: TAKES_BACK,
  deleteCommunityReply: TAKES_BACK,
  unmarkReviewHelpful: TAKES_BACK,
  deleteSellerReview: TAKES_BACK,
  revokeApiKey: TAKES_BACK,
  deleteWebhookEndpoint: TAKES_BACK,
  rollWebhookSecret: 'Only replaces the signing secret of an endpoint the account registered, which needed a verified email.',
  removeChangelogSource: 'Stops fetching a feed; adding one needs a verified email.',
  // Drafts.
  createMyProduct: DRAFTS,
  replaceMyProduct: DRAFTS,
  patchMyProduct: DRAFTS,
  deleteMyProduct: DRAFTS,
  uploadProductImage: DRAFTS,
  uploadDeliverable: DRAFTS,
  removeUpload: DRAFTS,
  // Money after a sale.
  refundOrder: AFTER_A_SALE,
  cancelSubscription: AFTER_A_SALE,
  changeLicense: AFTER_A_SALE,
  startPayoutOnboarding: AFTER_A_SALE,
  openPayoutDashboard: AFTER_A_SALE,
  requestPayout: AFTER_A_SALE,
  cancelPayout: AFTER_A_SALE,
};
