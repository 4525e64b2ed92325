/**
 * Section 6, Pricing and Deployment (spec section 5): the pricing model; the price (step
 * 0.01, minimum 0, disabled and 0 for the free model); the payouts warning for a paid
 * product when Stripe is on and payouts are not set up; a paid product's refund policy
 * (docs/decisions/049); the deployment type.
 */
import { memo } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { DEPLOYMENT_TYPE_LABELS, DEPLOYMENT_TYPES, PRICING_MODEL_LABELS, PRICING_MODELS, REFUND_POLICIES, REFUND_POLICY_LABELS } from '@/src/shared/domain';
import { purchaseKind } from '@/src/shared/payments';
import { clearOnEdit } from '@/src/components/ui/form-state';
import { EditorSection } from '../EditorSection';
import { StudioField } from '../StudioField';
import { StudioSelect } from '../StudioInputs';
import { fieldId, useSectionForm, type SectionProps } from './section-props';

interface Props extends SectionProps {
  payoutsMissing: boolean;
}

const NAMES = ['pricing_model', 'price', 'refund_policy', 'deployment_type'] as const;
const PRICING_OPTIONS = PRICING_MODELS.map((value) => ({ value, label: PRICING_MODEL_LABELS[value] }));
const REFUND_OPTIONS = REFUND_POLICIES.map((value) => ({ value, label: REFUND_POLICY_LABELS[value] }));
const DEPLOYMENT_OPTIONS = DEPLOYMENT_TYPES.map((value) => ({ value, label: DEPLOYMENT_TYPE_LABELS[value] }));

export const PricingSection = memo(function PricingSection({ payoutsMissing, ...section }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const pricingModel = useWatch({ control: form.control, name: 'pricing_model' });
  const { field: price } = useController({ control: form.control, name: 'price' });
  const free = pricingModel === 'free';
  return (
    <EditorSection id="pricing" {...section}>
      <div className="st-grid-2">
        <StudioSelect name="pricing_model" label="Pricing model" options={PRICING_OPTIONS} />
        <StudioField label="Price (USD)" id={fieldId('price')} error={err('price')} hint={free ? 'Free products have no price.' : '0 shows as Free.'}>
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
      {payoutsMissing && purchaseKind({ price: price.value, pricing_model: pricingModel }) ? (
        <p className="st-payouts-warning" role="note">
          Buyers cannot pay for this product until you set up payouts. <a href="/earnings">Set up payouts</a> before you publish it as a paid product.
        </p>
      ) : null}
      {purchaseKind({ price: price.value, pricing_model: pricingModel }) ? (
        <StudioSelect
          name="refund_policy"
          label="Refund policy"
          options={REFUND_OPTIONS}
          hint="Shown on the product page and at checkout. A buyer who has not opened the product yet is refunded at once; after that, they ask you with a reason."
        />
      ) : null}
      <StudioSelect name="deployment_type" label="Deployment" options={DEPLOYMENT_OPTIONS} />
    </EditorSection>
  );
});
