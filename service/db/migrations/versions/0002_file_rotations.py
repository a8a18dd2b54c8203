"""Pages the reader turned, kept with each file (evidence images need them, not the read cache).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-04 15:10:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('packet_files', schema=None) as batch_op:
        batch_op.add_column(sa.Column(
            'rotations', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'),
            nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('packet_files', schema=None) as batch_op:
        batch_op.drop_column('rotations')
