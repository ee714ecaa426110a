	.text
	.globl entry
entry:
	ret
