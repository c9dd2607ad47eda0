import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Price', { description: 'A plan with its current price.' })
export class PriceModel {
  @Field({ description: 'The tier it gives a project: free, remember, honor or cherish.' })
  productId!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'One-time price in cents.' }) priceCents!: number;
  @Field() currency!: string;
  @Field() description!: string;
  @Field(() => [String]) features!: string[];
  @Field(() => String, { nullable: true, description: "The payment provider's price id." }) priceId!:
    | string
    | null;
}

@ObjectType('UpgradeOptions')
export class UpgradeOptionsModel {
  @Field() currentTier!: string;
  @Field(() => [PriceModel], { description: 'The plans above the current tier; empty on cherish.' })
  upgradeOptions!: PriceModel[];
}

@ObjectType('Checkout')
export class CheckoutModel {
  @Field({ description: 'Where the browser goes to pay.' }) url!: string;
}

@ObjectType('Purchase', { description: 'An upgrade you paid for.' })
export class PurchaseModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) projectId!: string;
  @Field({ description: 'The tier bought: remember, honor or cherish.' }) productId!: string;
  @Field(() => Int, { description: 'What was paid, in cents.' }) amountCents!: number;
  @Field() currency!: string;
  @Field({ description: 'When the payment was confirmed (ISO 8601).' }) purchasedAt!: string;
}
