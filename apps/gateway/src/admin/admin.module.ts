import { Module } from '@nestjs/common';
import { AdminResolver } from './admin.resolver.js';

/** Manage Users (/admin/users) and Database Admin (/admin/data). */
@Module({ providers: [AdminResolver] })
export class AdminModule {}
