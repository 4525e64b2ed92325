/**
 * Section 6, Pricing and Deployment (spec section 5): the pricing model; the price (step
 * 0.01, minimum 0, disabled and 0 for the free model); the payouts warning for a paid
 * product when Stripe is on and payouts are not set up; pay what you want on a one-time product
 * (the price becomes the minimum, with a suggested price: docs/decisions/077); a paid product's
 * refund policy (docs/decisions/049); affiliates off or on with a commission of 1-75 % of the net
 * (docs/decisions/081, saved by its own route after the product); the deployment type.
 */
import { memo } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { DEPLOYMENT_TYPE_LABELS, DEPLOYMENT_TYPES, PRICING_MODEL_LABELS, PRICING_MODELS, REFUND_POLICIES, REFUND_POLICY_LABELS } from '@/src/shared/domain';
import { purchaseKind } from '@/src/shared/payments';
import { MAX_AFFILIATE_PERCENT, MIN_AFFILIATE_PERCENT } from '@/src/shared/affiliates';
import { clearOnEdit } from '@/src/components/ui/form-state';
import { FormField } from '@/src/components/ui/FormField';
import { textField } from '../use-product-form';
import { EditorSection } from '../EditorSection';
import { STUDIO_FIELD_STYLES, StudioField } from '../StudioField';
import { StudioInput, StudioSelect } from '../StudioInputs';
import { fieldId, useSectionForm, type SectionProps } from './section-props';

interface Props extends SectionProps {
  payoutsMissing: boolean;
}

const NAMES = [
  'pricing_model',
  'price',
  'pay_what_you_want',
  'suggested_price',
  'refund_policy',
  'affiliates',
  'affiliate_percent',
  'deployment_type',
] as const;
const CHECKBOX_STYLES = { ...STUDIO_FIELD_STYLES, controlFirst: 'st-check-row' };
const PRICING_OPTIONS = PRICING_MODELS.map((value) => ({ value, label: PRICING_MODEL_LABELS[value] }));
const REFUND_OPTIONS = REFUND_POLICIES.map((value) => ({ value, label: REFUND_POLICY_LABELS[value] }));
const DEPLOYMENT_OPTIONS = DEPLOYMENT_TYPES.map((value) => ({ value, label: DEPLOYMENT_TYPE_LABELS[value] }));

export const PricingSection = memo(function PricingSection({ payoutsMissing, ...section }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const pricingModel = useWatch({ control: form.control, name: 'pricing_model' });
  const { field: price } = useController({ control: form.control, name: 'price' });
  const pwyw = useWatch({ control: form.control, name: 'pay_what_you_want' });
  const affiliates = useWatch({ control: form.control, name: 'affiliates' });
  const free = pricingModel === 'free';
  const oneTime = pricingModel === 'one_time';
  // A PWYW product is sold even at a $0 minimum: the buyer may still pay, and gets an order.
  const sold = Boolean(purchaseKind({ price: price.value, pricing_model: pricingModel, pay_what_you_want: oneTime && pwyw }));
  return (
    <EditorSection id="pricing" {...section}>
      <div className="st-grid-2">
        <StudioSelect name="pricing_model" label="Pricing model" options={PRICING_OPTIONS} />
        <StudioField
          label={oneTime && pwyw ? 'Minimum price (USD)' : 'Price (USD)'}
          id={fieldId('price')}
          error={err('price')}
          hint={free ? 'Free products have no price.' : oneTime && pwyw ? 'Buyers pay at least this; 0 lets them take it for free.' : '0 shows as Free.'}
        >
          {(control) => (
            <div className="st-money">
              <span aria-hidden="true">$</span>
              <input
                {...control}
                data-field="price"
                className="st-input"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                name={price.name}
                ref={price.ref}
                value={free ? '0' : price.value}
                disabled={free}
                onBlur={price.onBlur}
                onChange={(e) => {
                  price.onChange(e.target.value);
                  clearOnEdit(form, 'price');
                }}
              />
            </div>
          )}
        </StudioField>
      </div>
      {oneTime ? (
        <FormField
          id={fieldId('pay_what_you_want')}
          styles={CHECKBOX_STYLES}
          label="Pay what you want"
          error={err('pay_what_you_want')}
          hint="Buyers name their price: at least the minimum above. Discount codes do not apply."
        >
          {(control) => <input {...control} data-field="pay_what_you_want" type="checkbox" {...textField(form, 'pay_what_you_want')} />}
        </FormField>
      ) : null}
      {oneTime && pwyw ? (
        <StudioInput
          name="suggested_price"
          label="Suggested price (USD)"
          optional
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="Offered first under 'Name a fair price'. Left empty: the minimum."
        />
      ) : null}
      {payoutsMissing && sold ? (
        <p className="st-payouts-warning" role="note">
          Buyers cannot pay for this product until you set up payouts. <a href="/earnings">Set up payouts</a> before you publish it as a paid product.
        </p>
      ) : null}
      {sold ? (
        <StudioSelect
          name="refund_policy"
          label="Refund policy"
          options={REFUND_OPTIONS}
          hint="Shown on the product page and at checkout. A buyer who has not opened the product yet is refunded at once; after that, they ask you with a reason."
        />
      ) : null}
      {sold ? (
        <FormField
          id={fieldId('affiliates')}
          styles={CHECKBOX_STYLES}
          label="Affiliates"
          error={err('affiliates')}
          hint="Anyone signed in can get a link to this product; a purchase through it pays them a commission out of your net."
        >
          {(control) => <input {...control} data-field="affiliates" type="checkbox" {...textField(form, 'affiliates', 'affiliate_percent')} />}
        </FormField>
      ) : null}
      {sold && affiliates ? (
        <StudioInput
          name="affiliate_percent"
          label="Affiliate commission (%)"
          type="number"
          inputMode="numeric"
          min={MIN_AFFILIATE_PERCENT}
          max={MAX_AFFILIATE_PERCENT}
          step={1}
          hint={`A whole percent from ${MIN_AFFILIATE_PERCENT} to ${MAX_AFFILIATE_PERCENT} of your net (the price less the platform fee), rounded down to the cent. A subscription pays it on every payment.`}
        />
      ) : null}
      <StudioSelect name="deployment_type" label="Deployment" options={DEPLOYMENT_OPTIONS} />
    </EditorSection>
  );
});
