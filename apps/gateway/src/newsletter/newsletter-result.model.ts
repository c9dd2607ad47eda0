import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('NewsletterResult', {
  description: "A newsletter sign-up's outcome, as the public site's form shows it.",
})
export class NewsletterResultModel {
  @Field() success!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it failed, in words for the visitor.' }) error!:
    | string
    | null;
}
