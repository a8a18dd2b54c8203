"""Documents keep their final id and the page of their file where they begin, assigned once
when the packet is judged (before, ids were numbered each time a packet was read back).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05 08:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('documents', schema=None) as batch_op:
        batch_op.add_column(sa.Column('doc_id', sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column('first_page', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('documents', schema=None) as batch_op:
        batch_op.drop_column('first_page')
        batch_op.drop_column('doc_id')
