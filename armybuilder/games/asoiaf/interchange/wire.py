"""The protocol buffers wire format, just enough of it to read and write a War Council share code.

Written by hand (no generated code, no dependency): varints, field keys and length-delimited fields.
Reading never trusts its input: a truncated varint, an over-long varint, a length running past the end or a
wire type that is not one of the four in use (varint, 64-bit, length-delimited, 32-bit) is a `WireError`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

VARINT = 0
FIXED64 = 1
LENGTH = 2
FIXED32 = 5
MAX_VARINT_BYTES = 10  # a 64-bit value; anything longer is not a varint


class WireError(ValueError):
    """The bytes are not a well-formed protocol buffers message."""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a protobuf message as read from the wire."""

    number: int
    wire_type: int
    value: int | bytes  # int for VARINT/FIXED32/FIXED64, bytes for LENGTH
    offset: int  # where the field's key starts, for messages


def read_varint(data: bytes, pos: int) -> tuple[int, int]:
    """The varint starting at `pos` and the position after it."""
    value = 0
    for index in range(MAX_VARINT_BYTES):
        if pos + index >= len(data):
            raise WireError(f"truncated varint at byte {pos}")
        byte = data[pos + index]
        value |= (byte & 0x7F) << (7 * index)
        if byte < 0x80:
            return value, pos + index + 1
    raise WireError(f"varint longer than {MAX_VARINT_BYTES} bytes at byte {pos}")


def fields(data: bytes) -> Iterator[Field]:
    """Every field of a message, in order."""
    pos = 0
    while pos < len(data):
        start = pos
        key, pos = read_varint(data, pos)
        number, wire_type = key >> 3, key & 7
        if number == 0:
            raise WireError(f"field number 0 at byte {start}")
        value: int | bytes
        if wire_type == VARINT:
            value, pos = read_varint(data, pos)
        elif wire_type == LENGTH:
            size, pos = read_varint(data, pos)
            if size > len(data) - pos:
                raise WireError(f"field {number} at byte {start} runs past the end")
            value, pos = data[pos : pos + size], pos + size
        elif wire_type in (FIXED64, FIXED32):
            width = 8 if wire_type == FIXED64 else 4
            if width > len(data) - pos:
                raise WireError(f"field {number} at byte {start} runs past the end")
            value, pos = int.from_bytes(data[pos : pos + width], "little"), pos + width
        else:
            raise WireError(f"wire type {wire_type} (field {number}) at byte {start} is not in use")
        yield Field(number, wire_type, value, start)


def varint(value: int) -> bytes:
    if value < 0:
        raise ValueError("negative varint")
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def varint_field(number: int, value: int) -> bytes:
    return varint(number << 3 | VARINT) + varint(value)


def bytes_field(number: int, value: bytes) -> bytes:
    return varint(number << 3 | LENGTH) + varint(len(value)) + value
