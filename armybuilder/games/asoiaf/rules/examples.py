"""The list the examples of the rules start from (`armybuilder rules ID`): legal with the bundled cards."""

EXAMPLE_LIST = """\
name: Wolves of the North
faction: stark
points: 40
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - unit: House Umber Berserkers
    attachment: Umber Champion
  - Stark Outriders
  - Stark Bowmen
  - unit: Stark Sworn Swords
    attachment: Sworn Sword Captain
  - House Tully Sworn Shields
ncus: [Catelyn Stark]
"""
