"""Files wait in the database and are claimed fairly by read tokens (service/fair_queue.py):
each file keeps the token that claimed it, and the claim looks files up by status.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06 18:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('packet_files', schema=None) as batch_op:
        batch_op.add_column(sa.Column('claim', sa.String(length=64), nullable=True))
        batch_op.create_index('ix_packet_files_claim', ['claim'], unique=False)
        batch_op.create_index('ix_packet_files_status', ['status'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('packet_files', schema=None) as batch_op:
        batch_op.drop_index('ix_packet_files_status')
        batch_op.drop_index('ix_packet_files_claim')
        batch_op.drop_column('claim')
