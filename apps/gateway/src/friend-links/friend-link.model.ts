import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { UploadOutcomeFields } from '../uploads/upload.model.js';

@ObjectType('FriendLink', { description: 'An upload link of a project, as its owner sees it.' })
export class FriendLinkModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) projectId!: string;
  @Field() isActive!: boolean;
  @Field() expiresAt!: string;
  @Field() createdAt!: string;
}

@ObjectType('FriendUploadLink', {
  description:
    'What a visitor holding an active, unexpired link sees: the project name and who invited them.',
})
export class FriendLinkPublicModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) projectId!: string;
  @Field() projectName!: string;
  @Field() inviterName!: string;
  @Field() expiresAt!: string;
}

@ObjectType('FriendUploadResult', {
  description: 'accepted: stored as a pending photo for the owner; error: the user-facing reason otherwise.',
})
export class FriendUploadResultModel extends UploadOutcomeFields {
  @Field() accepted!: boolean;
}

@InputType('CreateFriendLinkInput')
export class CreateFriendLinkInput {
  @Field(() => ID) projectId!: string;
  @Field(() => Int, { nullable: true, description: 'Days until it expires: 7 unless given (1–30).' })
  expiresInDays?: number | null;
}
