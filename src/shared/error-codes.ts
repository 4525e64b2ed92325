/**
 * Error codes, declared once: UPPER_SNAKE code -> HTTP status and the human message
 * (the spec's words where it has them). Services throw AppError (functions/_shared/errors.ts)
 * with them; the API contract and the browser's typed client name them. Isomorphic: no imports.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are invalid' },
  UNAUTHENTICATED: { status: 401, message: 'User not authenticated' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found' },
  PROFILE_NOT_FOUND: { status: 404, message: 'Profile not found' },
  TOOL_NOT_FOUND: { status: 404, message: 'Tool Not Found' },
  DOWNLOAD_UNAVAILABLE: { status: 404, message: 'Product not found or not available for download' },
  DOWNLOAD_LOOKUP_FAILED: { status: 500, message: 'Error retrieving product information' },
  DOWNLOAD_FAILED: { status: 500, message: 'An error occurred while processing your download. Please try again.' },
  NO_DOWNLOADABLE_CONTENT: { status: 422, message: 'No downloadable content available for this product. Please contact the creator.' },
  // Uploads (functions/uploads): messages name the file where the spec does.
  NOT_AN_IMAGE: { status: 415, message: 'File is not an image' },
  UNSUPPORTED_FILE_TYPE: { status: 415, message: 'This file type is not supported' },
  FILE_TOO_LARGE: { status: 413, message: 'The file is too large' },
  IMAGE_TOO_MANY_PIXELS: { status: 422, message: 'The image dimensions are too large' },
  IMAGE_COMPRESSION_FAILED: { status: 422, message: 'Image compression failed. Please try a different image.' },
  UPLOAD_FAILED: { status: 502, message: 'Failed to upload images to products storage' },
  // Storage quota per account (docs/decisions/011); the message says how much is left.
  STORAGE_QUOTA_EXCEEDED: { status: 413, message: 'You have used all of your storage. Remove files you no longer need and try again.' },
  // Creator payouts (functions/studio).
  NO_PAYOUT_BALANCE: { status: 409, message: 'There is no balance available to pay out' },
  // Payouts that finish (functions/payments/ledger.service.ts, docs/decisions/048).
  PAYOUT_BELOW_MINIMUM: { status: 409, message: 'Payouts start at $10.00 available. Sales become available 7 days after they are paid.' },
  PAYOUT_ALREADY_OPEN: { status: 409, message: 'You already have a payout on its way. You can request another once it is paid.' },
  PAYOUT_NOT_FOUND: { status: 404, message: 'Payout not found' },
  PAYOUT_NOT_OPEN: { status: 409, message: 'This payout is already paid, failed or cancelled' },
  PAYOUT_NOT_CANCELLABLE: { status: 409, message: 'This payout is already on its way and can no longer be cancelled' },
  // An administrator's adjustment (docs/decisions/051).
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: 'This form was already used for another adjustment. Reload the page and try again.' },
  // Follows, tool updates, notifications, profiles and seller reviews (issue 7).
  CANNOT_FOLLOW_SELF: { status: 400, message: 'You cannot follow yourself' },
  NOT_TOOL_MAINTAINER: { status: 403, message: 'Only the maintainer of this tool or an administrator can post updates' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notification not found' },
  CANNOT_REVIEW_SELF: { status: 403, message: 'You cannot review yourself' },
  NOT_A_SELLER: { status: 400, message: 'Only sellers can be reviewed' },
  REVIEW_NOT_FOUND: { status: 404, message: 'Review not found' },
  // Product reviews (functions/product-reviews, docs/decisions/029) and who may review a seller.
  REVIEW_NOT_ALLOWED: { status: 403, message: 'Only people who got this product can review it' },
  CANNOT_REVIEW_OWN_PRODUCT: { status: 403, message: 'You cannot review your own product' },
  ALREADY_REVIEWED: { status: 409, message: 'You have already reviewed this product. Edit your review instead.' },
  NOT_PRODUCT_CREATOR: { status: 403, message: 'Only the creator of this product can reply to its reviews' },
  ALREADY_REPLIED: { status: 409, message: 'You have already replied to this review' },
  OWN_REVIEW: { status: 403, message: 'This is your own review' },
  SELLER_REVIEW_NOT_ALLOWED: { status: 403, message: "Only people who got one of this seller's products can review them" },
  // Accounts: verified email, who may publish, and the account fields only the profile edits (issue 10, docs/decisions/012).
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email address first. We sent you a link.' },
  NOT_A_CREATOR: { status: 403, message: 'Only creators can publish products. Start selling to switch your account to a creator account.' },
  ACCOUNT_FIELDS_READ_ONLY: { status: 403, message: 'Your name, company, account type and picture are changed on your profile page.' },
  // Payments (functions/payments, issue 11).
  PAYMENT_REQUIRED: { status: 402, message: 'Buy this product to download it' },
  ALREADY_OWNED: { status: 409, message: 'You already own this product' },
  NOT_FOR_SALE: { status: 409, message: 'This product is free: download it from its page' },
  PAYOUTS_NOT_READY: { status: 409, message: 'This creator has not set up payouts yet, so this product cannot be bought right now.' },
  PAYMENTS_UNAVAILABLE: { status: 503, message: 'Payments are unavailable right now. Please try again.' },
  CHECKOUT_NOT_FOUND: { status: 404, message: 'Checkout not found' },
  CHECKOUT_CLOSED: { status: 409, message: 'This checkout is no longer open' },
  // A checkout whose product was archived, unpublished or made free after it started (issue 29).
  PRODUCT_NO_LONGER_FOR_SALE: { status: 409, message: 'This product is no longer for sale, so this checkout cannot be paid. You have not been charged.' },
  CARD_DECLINED: { status: 402, message: 'Your card was declined.' },
  // Discount codes (functions/discounts, docs/decisions/075): refused at checkout, and a creator's own codes.
  DISCOUNT_CODE_NOT_FOUND: { status: 422, message: 'This code does not exist. Check it and try again.' },
  DISCOUNT_CODE_EXPIRED: { status: 422, message: 'This code has expired.' },
  DISCOUNT_CODE_NOT_STARTED: { status: 422, message: 'This code is not active yet.' },
  DISCOUNT_CODE_INACTIVE: { status: 422, message: 'This code is no longer active.' },
  DISCOUNT_CODE_USED_UP: { status: 422, message: 'This code has been used up.' },
  DISCOUNT_CODE_NOT_FOR_PRODUCT: { status: 422, message: 'This code does not apply to this product.' },
  DISCOUNT_CODE_NOT_FOR_SUBSCRIPTIONS: { status: 422, message: 'Discount codes apply to one-time purchases, not subscriptions.' },
  // Pay what you want (docs/decisions/077): the amount a buyer names, checked at checkout.
  PWYW_BELOW_MINIMUM: { status: 422, message: 'This amount is below the minimum price.' },
  PWYW_AMOUNT_REQUIRED: { status: 400, message: 'Name a fair price: enter the amount you want to pay.' },
  PWYW_AMOUNT_NOT_ACCEPTED: { status: 422, message: 'This product has a fixed price: you cannot name your own.' },
  PWYW_NO_DISCOUNT_CODES: { status: 422, message: 'Discount codes do not apply to pay-what-you-want products: name the price you want to pay instead.' },
  // The cart (functions/payments/cart.service.ts, docs/decisions/082).
  CANNOT_BUY_OWN_PRODUCT: { status: 403, message: 'You cannot buy your own product.' },
  NOT_CARTABLE: {
    status: 422,
    message: 'Subscriptions and pay-what-you-want products cannot go in the cart: buy them on their own page.',
  },
  CART_FULL: { status: 409, message: 'Your cart holds 50 products, the most it can. Pay for these or remove some first.' },
  CART_EMPTY: { status: 409, message: 'Your cart is empty.' },
  CART_CHANGED: { status: 409, message: 'Your cart changed: check the prices and items, then pay.' },
  BUNDLE_NOT_FOUND: { status: 404, message: 'Bundle not found' },
  BUNDLE_ITEM_REFUSED: { status: 422, message: 'A bundle holds only your own published products sold at a fixed one-time price.' },
  BUNDLE_NOT_A_SAVING: { status: 422, message: "The bundle's price must be below what its products cost on their own." },
  BUNDLE_ALL_OWNED: { status: 409, message: 'You already own every product in this bundle: find them in your library.' },
  BUNDLE_ITEM_UNAVAILABLE: { status: 409, message: 'A product in this bundle is no longer for sale, so the bundle cannot be bought right now.' },
  AFFILIATE_SELF_REFERRAL: { status: 422, message: 'You cannot be an affiliate of your own product.' },
  AFFILIATES_OFF: { status: 409, message: 'This product does not offer affiliate links.' },
  AFFILIATE_LINK_INVALID: {
    status: 422,
    message: 'This affiliate link is not valid for this product (unknown, or its product no longer offers affiliates): buying here credits no one.',
  },
  DISCOUNT_NOT_FOUND: { status: 404, message: 'Discount code not found' },
  DISCOUNT_CODE_TAKEN: { status: 409, message: 'You already have a code with this name. Choose another.' },
  DISCOUNT_LIMIT_REACHED: {
    status: 409,
    message: 'You have reached the limit of 200 discount codes. Turn off the codes you no longer use and change one of them instead.',
  },
  // A creator's emails to customers (functions/customer-emails, docs/decisions/078).
  CUSTOMER_EMAIL_NOT_FOUND: { status: 404, message: 'Email not found' },
  CUSTOMER_EMAIL_DAILY_LIMIT: { status: 429, message: 'You can send 3 emails to customers in 24 hours. Try again later.' },
  CUSTOMER_EMAIL_NO_RECIPIENTS: {
    status: 422,
    message: 'No one would get this email: this audience has no buyers or followers who receive emails from creators.',
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'Invalid webhook signature' },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  REFUND_NOT_ALLOWED: { status: 409, message: 'This order can no longer be refunded' },
  // Refunds with a policy (docs/decisions/049).
  REFUND_NOT_OFFERED: { status: 409, message: 'This product does not offer refunds' },
  REFUND_WINDOW_CLOSED: { status: 409, message: 'The refund window for this order has closed' },
  REFUND_REQUEST_REQUIRED: {
    status: 409,
    message: 'You have already opened this product, so a refund is a request to its creator. Tell them why you want your money back.',
  },
  REFUND_ALREADY_REQUESTED: { status: 409, message: 'You have already asked for a refund of this order' },
  REFUND_REQUEST_NOT_FOUND: { status: 404, message: 'Refund request not found' },
  REFUND_REQUEST_DECIDED: { status: 409, message: 'This refund request has already been decided' },
  REFUND_REQUEST_ESCALATED: { status: 409, message: 'This refund request was not answered within 7 days, so toolmint’s team decides it now' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Subscription not found' },
  // API keys (functions/api-keys, docs/decisions/025).
  INSUFFICIENT_SCOPE: { status: 403, message: 'This API key does not have the permission this route needs' },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found' },
  API_KEY_LIMIT_REACHED: { status: 409, message: 'You have as many API keys as an account may have. Revoke one you no longer use first.' },
  // Creator webhooks (functions/webhooks, docs/decisions/027).
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook endpoint not found' },
  WEBHOOK_LIMIT_REACHED: { status: 409, message: 'You have reached the limit of 10 webhook endpoints. Delete one to add another.' },
  // Licence keys (functions/licenses, docs/decisions/026): an unknown key, a key of another product, another creator's key.
  LICENSE_NOT_FOUND: { status: 404, message: 'License key not found' },
  // Publishing that resists spam (functions/products/review-queue.service.ts, docs/decisions/031).
  DUPLICATE_TITLE: { status: 409, message: 'You already have a product with nearly the same title' },
  NOT_IN_REVIEW: { status: 409, message: 'This product is not waiting for review' },
  // The AI tools directory (functions/tools, docs/decisions/038).
  DUPLICATE_TOOL: { status: 409, message: 'This tool is already in the directory' },
  TOOL_NOT_PENDING: { status: 409, message: 'This tool is not waiting for review' },
  NOT_TOOL_EDITOR: { status: 403, message: 'Only a maintainer of this tool or an administrator can change it' },
  CLAIM_NOT_FOUND: { status: 404, message: 'Claim not found' },
  CLAIM_NOT_PENDING: { status: 409, message: 'This claim is not waiting for verification' },
  CLAIM_NOT_IN_REVIEW: { status: 409, message: 'This claim is not waiting for an administrator' },
  CLAIM_CHECK_FAILED: { status: 409, message: 'The verification did not succeed' },
  ALREADY_MAINTAINER: { status: 409, message: 'You already maintain this tool' },
  TOOL_NOT_CLAIMED: { status: 409, message: 'This tool has no maintainer' },
  INVITE_NOT_FOUND: { status: 404, message: 'This invitation is not valid any more' },
  // Account settings (functions/account, docs/decisions/032).
  HANDLE_TAKEN: { status: 409, message: 'This handle is already taken' },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
  // The community (functions/community, docs/decisions/035).
  SPACE_NOT_FOUND: { status: 404, message: 'Space not found' },
  THREAD_NOT_FOUND: { status: 404, message: 'Discussion not found' },
  REPLY_NOT_FOUND: { status: 404, message: 'Reply not found' },
  THREAD_LOCKED: { status: 403, message: 'This discussion is locked' },
  OWN_POST_VOTE: { status: 403, message: 'You cannot vote on your own post' },
  EDIT_WINDOW_CLOSED: { status: 403, message: 'Posts can be edited for 15 minutes after posting' },
  POST_DELETED: { status: 409, message: 'This post was deleted' },
  // Changelog sources of AI tools (functions/tool-feeds, docs/decisions/039).
  NOT_TOOL_MAINTAINER_OF_SOURCES: { status: 403, message: 'Only the maintainer of this tool or an administrator can manage its changelog sources' },
  CHANGELOG_SOURCE_NOT_FOUND: { status: 404, message: 'Changelog source not found' },
  CHANGELOG_SOURCE_EXISTS: { status: 409, message: 'This feed is already a changelog source of this tool' },
  CHANGELOG_SOURCE_LIMIT_REACHED: { status: 409, message: 'A tool can have at most 5 changelog sources. Remove one to add another.' },
  FEED_FETCH_RUNNING: { status: 409, message: 'This source is being fetched right now. Try again in a minute.' },
  UPDATE_NOT_FOUND: { status: 404, message: 'Update not found' },
  // Q&A (functions/community-qa, docs/decisions/036).
  NOT_A_QUESTION: { status: 409, message: 'Only a question can have an accepted answer' },
  CANNOT_ACCEPT_ANSWER: { status: 403, message: "Only the person who asked, or the product's creator, can mark the answer" },
  // Moderation and trust (functions/moderation, docs/decisions/037). SUSPENDED's message names the end date and the reason.
  SUSPENDED: { status: 403, message: 'Your account is suspended' },
  REPORT_NOT_FOUND: { status: 404, message: 'Report not found' },
  REPORT_TARGET_NOT_FOUND: { status: 404, message: 'There is nothing to report here' },
  CANNOT_REPORT_OWN: { status: 403, message: 'You cannot report your own content' },
  ALREADY_REPORTED: { status: 409, message: 'You already reported this, and our team has dealt with it' },
  REPORT_RESOLVED: { status: 409, message: 'This report has already been dealt with' },
  ACTION_NOT_APPLICABLE: { status: 409, message: 'This action does not apply to what was reported' },
  NOT_SUSPENDED: { status: 409, message: 'This account is not suspended' },
  PRODUCT_REMOVED: { status: 403, message: 'This product was removed from the marketplace by our team and cannot be published again' },
  POSTING_LIMIT: { status: 429, message: 'You have posted as much as you can today' },
  // Background jobs and emails (functions/jobs, functions/email, docs/decisions/040, 041 and 044): an administrator's Retry.
  JOB_NOT_FOUND: { status: 404, message: 'Job not found' },
  JOB_NOT_FAILED: { status: 409, message: 'Only a failed job can be retried: this one is waiting, running, done or already retried' },
  EMAIL_NOT_FOUND: { status: 404, message: 'Email not found' },
  EMAIL_NOT_FAILED: { status: 409, message: 'Only a failed email can be sent again: this one is queued, sent, cancelled or already retried' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  // A path segment longer than any id or file name (scripts/lib/request-path.ts, issue 29).
  URI_TOO_LONG: { status: 414, message: 'The address is too long' },
  CONFLICT: { status: 409, message: 'This conflicts with existing data' },
  // Input limits (functions/_shared/body-limit.ts, docs/decisions/010).
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
  // A full disk (ENOSPC, PostgreSQL's disk_full, a failed blob write: functions/_shared/storage-full.ts, issue 29).
  STORAGE_FULL: { status: 507, message: 'The server is out of storage space. Your change was not saved. Please try again later.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please try again.' },
  // Expensive reads under load (functions/_shared/read-guard.ts, docs/decisions/016): sent with Retry-After.
  SERVER_BUSY: { status: 503, message: 'The server is busy right now. Please try again in a moment.' },
  QUERY_TIMEOUT: { status: 504, message: 'This took too long to answer. Please try again in a moment.' },
  // The client closed the connection before the answer (nginx's 499); nobody reads this answer.
  CLIENT_CLOSED_REQUEST: { status: 499, message: 'The request was cancelled' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
